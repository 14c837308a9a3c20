import { SearchResultListItemBlueprint } from '@backstage/plugin-search-react/alpha';
import { isKargoStageSearchDocument } from '@kargo-backstage/plugin-kargo-common';

/** Search results of kargo-stage Resources, with phase and PR counts. @alpha */
export const kargoStageSearchResultListItem =
  SearchResultListItemBlueprint.make({
    name: 'kargo-stage',
    params: {
      predicate: result =>
        result.type === 'software-catalog' &&
        isKargoStageSearchDocument(result.document),
      component: async () => {
        const { KargoStageSearchResultListItem } = await import(
          '../components/KargoStageSearchResultListItem'
        );
        return props => <KargoStageSearchResultListItem {...props} />;
      },
    },
  });
