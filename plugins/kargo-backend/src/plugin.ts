import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { KARGO_PLUGIN_ID } from '@kargo-backstage/plugin-kargo-common';
import { createRouter } from './router';

/**
 * The Kargo backend plugin.
 *
 * @public
 */
export const kargoPlugin = createBackendPlugin({
  pluginId: KARGO_PLUGIN_ID,
  register(env) {
    env.registerInit({
      deps: {
        httpRouter: coreServices.httpRouter,
        logger: coreServices.logger,
      },
      async init({ httpRouter, logger }) {
        httpRouter.use(await createRouter({ logger }));
        httpRouter.addAuthPolicy({ path: '/health', allow: 'unauthenticated' });
      },
    });
  },
});
