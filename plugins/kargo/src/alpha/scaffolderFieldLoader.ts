import { createFormField } from '@backstage/plugin-scaffolder-react/alpha';
import {
  KARGO_IDENTITY_FIELD_NAME,
  KargoIdentityField,
  kargoIdentityValidation,
} from '../components/KargoIdentityField';

/** Loaded when a scaffolder form first renders. */
export const kargoIdentityField = createFormField({
  name: KARGO_IDENTITY_FIELD_NAME,
  component: KargoIdentityField as any,
  validation: kargoIdentityValidation as any,
});
