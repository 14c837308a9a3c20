import { createTranslationResource } from '@backstage/frontend-plugin-api';
import { kargoTranslationRef } from '../translation';

/**
 * The Kargo frontend's translations beyond English, each loaded only when the
 * app switches to its language. The new frontend system gets it through the
 * plugin; a legacy app passes it to `createApp` as
 * `__experimentalTranslations: { resources: [kargoTranslations] }`.
 *
 * @alpha
 */
export const kargoTranslations = createTranslationResource({
  ref: kargoTranslationRef,
  translations: {
    de: () => import('./de'),
  },
});
