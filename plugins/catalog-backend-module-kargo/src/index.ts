/**
 * Catalog module of Kargo for Backstage.
 *
 * @packageDocumentation
 */
export { catalogModuleKargo as default } from './module';
