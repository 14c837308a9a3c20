import { convertLegacyRouteRef } from '@backstage/core-compat-api';
import { createFrontendPlugin } from '@backstage/frontend-plugin-api';
import { rootRouteRef } from '../routes';
import { kargoApi, kargoAuthApi } from './apis';
import { kargoEntityCard } from './entityCard';
import { kargoEntityContent } from './entityContent';
import { kargoCatalogFilter } from './catalogFilter';
import { kargoStageSearchResultListItem } from './searchResultListItem';

/**
 * The Kargo frontend plugin for the new frontend system: the API client, the
 * entity tab, the overview card and the catalog filter, the kargo-stage search result item (translations: kargoTranslationsModule).
 *
 * @alpha
 */
export default createFrontendPlugin({
  pluginId: 'kargo',
  routes: { root: convertLegacyRouteRef(rootRouteRef) },
  extensions: [
    kargoApi,
    kargoAuthApi,
    kargoEntityContent,
    kargoEntityCard,
    kargoCatalogFilter,
    kargoStageSearchResultListItem,
  ],
});
