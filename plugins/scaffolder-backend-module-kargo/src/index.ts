/**
 * Scaffolder actions of Kargo for Backstage.
 *
 * @packageDocumentation
 */
export { scaffolderModuleKargo as default } from './module';
