import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';

/**
 * Registers the Kargo scaffolder actions.
 *
 * @public
 */
export const scaffolderModuleKargo = createBackendModule({
  pluginId: 'scaffolder',
  moduleId: 'kargo',
  register(env) {
    env.registerInit({
      deps: { logger: coreServices.logger },
      async init({ logger }) {
        logger.debug('Kargo scaffolder module registered');
      },
    });
  },
});
