import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import { KARGO_PLUGIN_ID } from '@kargo-backstage/plugin-kargo-common';
import {
  kargoServiceRef,
  readKargoConfig,
} from '@kargo-backstage/plugin-kargo-node';
import { durationToMilliseconds } from '@backstage/types';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import { registerKargoActions } from './actions';
import { notificationService } from '@backstage/plugin-notifications-node';
import { setupKargoNotifications } from './notifications';
import { createRouter } from './router';
import { registerKargoPermissions } from './permissions/register';
import { SnapshotService } from './services/snapshot/SnapshotService';
import {
  isSharedCacheStore,
  SnapshotStore,
} from './services/snapshot/SnapshotStore';
import { VerificationActionsService } from './services/VerificationActionsService';

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
        httpAuth: coreServices.httpAuth,
        logger: coreServices.logger,
        config: coreServices.rootConfig,
        permissions: coreServices.permissions,
        permissionsRegistry: coreServices.permissionsRegistry,
        auditor: coreServices.auditor,
        scheduler: coreServices.scheduler,
        cache: coreServices.cache,
        catalog: catalogServiceRef,
        auth: coreServices.auth,
        actionsRegistry: actionsRegistryServiceRef,
        database: coreServices.database,
        notifications: notificationService,
        kargo: kargoServiceRef,
      },
      async init(deps) {
        const { httpRouter, logger, scheduler, kargo } = deps;
        const { refresh } = readKargoConfig(deps.config);
        const frequencyMs = durationToMilliseconds(refresh.frequency);
        // With a shared cache store one replica refreshes (a global task) and
        // the others read its snapshot from the cache; with the in-process
        // memory store nothing can be shared, so every replica refreshes.
        const shared = isSharedCacheStore(deps.config);
        const store = new SnapshotStore(
          shared ? deps.cache : undefined,
          Math.max(5 * frequencyMs, 60_000),
          frequencyMs,
        );
        const snapshots = new SnapshotService(kargo, store, logger);
        const actions = new VerificationActionsService(
          kargo,
          logger,
          (instance, project) => {
            snapshots
              .refreshProject(instance, project)
              .catch(error =>
                logger.warn(
                  `Refresh of ${instance}/${project} after a write failed: ${error}`,
                ),
              );
          },
        );
        registerKargoPermissions(deps.permissionsRegistry, snapshots);
        registerKargoActions(deps.actionsRegistry, {
          ...deps,
          snapshots,
          actions,
        });

        await scheduler.scheduleTask({
          id: 'kargo-snapshot-refresh',
          scope: shared ? 'global' : 'local',
          frequency: refresh.frequency,
          timeout: refresh.timeout,
          initialDelay: { seconds: 0 },
          fn: () => snapshots.refreshAll(),
        });

        await setupKargoNotifications({ ...deps, snapshots });

        httpRouter.use(await createRouter({ ...deps, snapshots, actions }));
        httpRouter.addAuthPolicy({ path: '/health', allow: 'unauthenticated' });
      },
    });
  },
});
