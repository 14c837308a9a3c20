import { createFrontendPlugin } from '@backstage/frontend-plugin-api';

/**
 * The Kargo frontend plugin for the new frontend system.
 *
 * @alpha
 */
export default createFrontendPlugin({
  pluginId: 'kargo',
  extensions: [],
});
