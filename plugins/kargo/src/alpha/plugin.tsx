import { convertLegacyRouteRef } from '@backstage/core-compat-api';
import { createFrontendPlugin } from '@backstage/frontend-plugin-api';
import { rootRouteRef } from '../routes';
import { kargoApi } from './apis';
import { kargoEntityCard } from './entityCard';
import { kargoEntityContent } from './entityContent';

/**
 * The Kargo frontend plugin for the new frontend system: the API client, the
 * entity tab and the overview card (translations: kargoTranslationsModule).
 *
 * @alpha
 */
export default createFrontendPlugin({
  pluginId: 'kargo',
  routes: { root: convertLegacyRouteRef(rootRouteRef) },
  extensions: [kargoApi, kargoEntityContent, kargoEntityCard],
});
