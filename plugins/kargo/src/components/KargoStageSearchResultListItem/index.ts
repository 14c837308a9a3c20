export {
  KargoStageSearchResultListItem,
  type KargoStageSearchResultListItemProps,
} from './KargoStageSearchResultListItem';
export { isKargoStageSearchResult } from './predicate';
