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
  KargoIdentityFieldExtension,
} from './plugin';
export type {
  KargoIdentityFieldOptions,
  KargoIdentityValue,
} from './components/KargoIdentityField';
export { isKargoAvailable } from './conditions';
export {
  KargoCatalogFilter,
  KargoEntityFilter,
  type KargoEntityFilters,
} from './components/KargoCatalogFilter';
export {
  kargoApiRef,
  KargoClient,
  kargoAuthApiRef,
  KargoAuthProviders,
  KARGO_AUTHORIZATION_HEADER,
} from './api';
export type {
  KargoApi,
  KargoAnalysisRunRequest,
  KargoAnalysisRunLogsRequest,
  KargoLogEvent,
  KargoStageRequest,
  KargoAuthApi,
  KargoOidcProvider,
  KargoWriteIdentity,
} from './api';
export {
  KargoStageSearchResultListItem,
  type KargoStageSearchResultListItemProps,
} from './components/KargoStageSearchResultListItem';
