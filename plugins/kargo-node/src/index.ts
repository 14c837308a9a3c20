/**
 * The shared Kargo service for backend packages: cluster access and Git
 * providers behind a service ref.
 *
 * @packageDocumentation
 */
export { KARGO_PLUGIN_ID } from '@kargo-backstage/plugin-kargo-common';
