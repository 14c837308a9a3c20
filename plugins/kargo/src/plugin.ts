import { createPlugin } from '@backstage/core-plugin-api';

/**
 * The Kargo frontend plugin for the legacy frontend system.
 *
 * @public
 */
export const kargoPlugin = createPlugin({
  id: 'kargo',
});
