/**
 * Kargo for Backstage in the new frontend system.
 *
 * @packageDocumentation
 */
export { default } from './alpha/plugin';
export { kargoTranslationRef } from './translation';
