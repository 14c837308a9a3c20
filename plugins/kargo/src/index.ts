/**
 * Kargo for Backstage frontend plugin (legacy frontend system). The new
 * frontend system is exported from `./alpha`.
 *
 * @packageDocumentation
 */
export { kargoPlugin } from './plugin';
