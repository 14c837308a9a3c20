/**
 * Kargo for Backstage in the new frontend system.
 *
 * @packageDocumentation
 */
export { default } from './alpha/plugin';
export { kargoTranslationsModule } from './alpha/translation';
export { kargoTranslationRef } from './translation';
export { kargoTranslations } from './translations';
