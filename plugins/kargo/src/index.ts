/**
 * Kargo for Backstage frontend plugin (legacy frontend system). The new
 * frontend system is exported from `./alpha`.
 *
 * @packageDocumentation
 */
export {
  kargoPlugin,
  EntityKargoContent,
  EntityKargoCard,
  KargoStageSearchResultListItemExtension,
} from './plugin';
export { isKargoAvailable } from './conditions';
export {
  KargoCatalogFilter,
  KargoEntityFilter,
  type KargoEntityFilters,
} from './components/KargoCatalogFilter';
export { kargoApiRef, KargoClient } from './api';
export type {
  KargoApi,
  KargoAnalysisRunRequest,
  KargoStageRequest,
} from './api';
export {
  KargoStageSearchResultListItem,
  type KargoStageSearchResultListItemProps,
} from './components/KargoStageSearchResultListItem';
