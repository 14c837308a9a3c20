/**
 * Scaffolder actions of Kargo for Backstage: `kargo:promote`,
 * `kargo:reverify` and `kargo:pull-request:open`.
 *
 * @packageDocumentation
 */
export { scaffolderModuleKargo as default } from './module';
export * from './actions';
