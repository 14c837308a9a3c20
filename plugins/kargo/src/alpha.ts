/**
 * Kargo for Backstage in the new frontend system.
 *
 * @packageDocumentation
 */
export { kargoFeatures as default } from './alpha/features';
export { kargoTranslationsModule } from './alpha/translation';
export { kargoTranslationRef, type KargoMessages } from './translation';
export { kargoTranslations } from './translations';
export { kargoAuthApiRef, KargoAuthProviders } from './api';
export type {
  KargoAuthApi,
  KargoOidcProvider,
  KargoWriteIdentity,
} from './api';
export {
  kargoScaffolderModule,
  kargoIdentityFormField,
} from './alpha/scaffolderField';
