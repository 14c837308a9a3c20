import { SearchResultListItemBlueprint } from '@backstage/plugin-search-react/alpha';
import { isKargoStageSearchResult } from '../components/KargoStageSearchResultListItem/predicate';

/** Search results of kargo-stage Resources, with phase and PR counts. @alpha */
export const kargoStageSearchResultListItem =
  SearchResultListItemBlueprint.make({
    name: 'kargo-stage',
    params: {
      predicate: isKargoStageSearchResult,
      component: async () => {
        const { KargoStageSearchResultListItem } = await import(
          '../components/KargoStageSearchResultListItem'
        );
        return props => <KargoStageSearchResultListItem {...props} />;
      },
    },
  });
