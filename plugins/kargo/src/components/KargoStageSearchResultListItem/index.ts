export {
  KargoStageSearchResultListItem,
  type KargoStageSearchResultListItemProps,
} from './KargoStageSearchResultListItem';
