export { KargoIdentityField } from './KargoIdentityField';
export { kargoIdentityValidation } from './validation';
export {
  DEFAULT_SECRETS_KEY,
  KARGO_IDENTITY_FIELD_NAME,
  type KargoIdentityFieldOptions,
  type KargoIdentityValue,
} from './types';
