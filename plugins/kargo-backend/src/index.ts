/**
 * Kargo for Backstage backend plugin.
 *
 * @packageDocumentation
 */
export { kargoPlugin as default } from './plugin';
