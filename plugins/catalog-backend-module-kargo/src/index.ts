/**
 * Catalog module of Kargo for Backstage: `kargo-stage` Resource entities and
 * Kargo rollups on entities annotated with `kargo.akuity.io/project`.
 *
 * @packageDocumentation
 */
export { catalogModuleKargo as default } from './module';
export { KargoSnapshotClient } from './client';
export type { KargoSnapshotSource } from './client';
export type { KargoCatalogConfig, KargoOwnerRule } from './config';
export { KargoEntityProcessor } from './processor/KargoEntityProcessor';
export { KargoStageEntityProvider } from './provider/KargoStageEntityProvider';
export type { KargoStageEntityProviderOptions } from './provider/KargoStageEntityProvider';
export { KargoSnapshotStore } from './snapshot/KargoSnapshotStore';
