import {
  coreServices,
  createBackendModule,
} from '@backstage/backend-plugin-api';
import { catalogProcessingExtensionPoint } from '@backstage/plugin-catalog-node';
import { KargoSnapshotClient } from './client';
import { KargoEntityProcessor } from './processor/KargoEntityProcessor';
import { KargoStageEntityProvider } from './provider/KargoStageEntityProvider';

/**
 * Adds Kargo Stage entities and Kargo rollups on annotated entities to the
 * catalog, both read from the Kargo backend's snapshot.
 *
 * @public
 */
export const catalogModuleKargo = createBackendModule({
  pluginId: 'catalog',
  moduleId: 'kargo',
  register(env) {
    env.registerInit({
      deps: {
        catalog: catalogProcessingExtensionPoint,
        config: coreServices.rootConfig,
        logger: coreServices.logger,
        scheduler: coreServices.scheduler,
        discovery: coreServices.discovery,
        auth: coreServices.auth,
      },
      async init({ catalog, config, logger, scheduler, discovery, auth }) {
        const provider = KargoStageEntityProvider.fromConfig(config, {
          logger,
          scheduler,
          source: new KargoSnapshotClient({ discovery, auth }),
        });
        catalog.addEntityProvider(provider);
        catalog.addProcessor(new KargoEntityProcessor(provider.store));
      },
    });
  },
});
