import {
  coreServices,
  createBackendPlugin,
} from '@backstage/backend-plugin-api';
import { catalogServiceRef } from '@backstage/plugin-catalog-node';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import { eventsServiceRef } from '@backstage/plugin-events-node';
import { notificationService } from '@backstage/plugin-notifications-node';
import { signalsServiceRef } from '@backstage/plugin-signals-node';
import { durationToMilliseconds } from '@backstage/types';
import { KARGO_PLUGIN_ID } from '@kargo-backstage/plugin-kargo-common';
import {
  type GitProvider,
  kargoCommandsServiceRef,
  kargoGitProvidersExtensionPoint,
  kargoServiceRef,
  kargoServiceWriters,
} from '@kargo-backstage/plugin-kargo-node';
import { registerKargoActions } from './actions';
import {
  isSharedCacheStore,
  readObjectBudgets,
  readRefreshConfig,
} from './config';
import { setupKargoNotifications } from './notifications';
import { createRouter } from './router';
import { registerKargoPermissions } from './permissions/register';
import {
  kargoAuthorizedReads,
  KargoReadAnswers,
} from './permissions/kargoReads';
import {
  ReadDecisions,
  recordingReadDecisions,
} from './permissions/readDecisions';
import { readNotificationsConfig } from './notifications/config';
import { publishStageChanges } from './services/snapshot/signals';
import { ProjectSignalChannels } from './services/snapshot/signalChannels';
import {
  readServiceScopes,
  scopedPermissions,
  snapshotScopes,
} from './permissions/serviceAccess';
import {
  subscribePullRequestWebhooks,
  warnUnsignedWebhookTopics,
} from './services/snapshot/webhooks';
import { SnapshotService } from './services/snapshot/SnapshotService';
import { SharedListings } from './services/snapshot/sharedListings';
import { SnapshotStore } from './services/snapshot/SnapshotStore';

/** How often a replica looks for pull-request listings another one shared. */
const SHARED_LISTINGS_CHECK_MS = 5_000;

/** A Kargo service without a provider registry (a test fake) hears no webhooks. */
const NO_WEBHOOK_PROVIDERS = {
  webhookTopics: () => [],
  parseWebhookEvent: () => undefined,
};

/**
 * The Kargo backend plugin.
 *
 * @public
 */
export const kargoPlugin = createBackendPlugin({
  pluginId: KARGO_PLUGIN_ID,
  register(env) {
    // Git providers other modules add, beside GitHub, GitLab and Bitbucket Cloud.
    const gitProviders: GitProvider[] = [];
    env.registerExtensionPoint(kargoGitProvidersExtensionPoint, {
      addGitProvider: provider => gitProviders.push(provider),
    });
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
        lifecycle: coreServices.lifecycle,
        catalog: catalogServiceRef,
        auth: coreServices.auth,
        actionsRegistry: actionsRegistryServiceRef,
        database: coreServices.database,
        notifications: notificationService,
        kargo: kargoServiceRef,
        commands: kargoCommandsServiceRef,
        signals: signalsServiceRef,
        events: eventsServiceRef,
      },
      async init(deps) {
        const { httpRouter, logger, scheduler, kargo } = deps;
        for (const provider of gitProviders) {
          if (!kargo.pullRequests.providers) {
            throw new Error(
              `Cannot add Git provider '${provider.name}': the Kargo service has no provider registry`,
            );
          }
          kargo.pullRequests.providers.add(provider);
        }
        const refresh = readRefreshConfig(deps.config);
        // Service principals read only what kargo.access.services gives them
        // (Backstage's permission client would allow them everything).
        const scopes = readServiceScopes(deps.config);
        // Users' kargo.stage.read decisions are remembered as they read, so
        // that notifications go only to owners the policy lets read the Stage.
        const readDecisions = new ReadDecisions(
          readNotificationsConfig(deps.config).readDecisionMaxAgeMs,
        );
        // Where an instance sets api.authorizeReads, Kargo has the last word
        // on a person's reads (asked once per person and project a minute).
        const kargoReads = new KargoReadAnswers(
          name => kargo.kargoApi(name),
          logger,
        );
        const permissions = recordingReadDecisions(
          kargoAuthorizedReads(
            scopedPermissions(deps.permissions, scopes),
            kargoReads,
          ),
          readDecisions,
        );
        const snapshotPermissions = kargoAuthorizedReads(
          scopedPermissions(deps.permissions, snapshotScopes(scopes)),
          kargoReads,
        );
        const frequencyMs = durationToMilliseconds(refresh.frequency);
        const pullRequestMs = durationToMilliseconds(
          refresh.pullRequestFrequency,
        );
        const watching = refresh.mode === 'watch';
        // Polling with a shared cache store: one replica reads (a global
        // task) and the others serve its snapshot from the cache. Watching:
        // every replica keeps its own streams (cheap, and changes reach its
        // pages at once); only the pull-request listings are shared.
        const shared = !watching && isSharedCacheStore(deps.config);
        const sharedListings = watching && isSharedCacheStore(deps.config);
        const store = new SnapshotStore(
          shared ? deps.cache : undefined,
          watching
            ? Number.POSITIVE_INFINITY
            : Math.max(5 * frequencyMs, 60_000),
          frequencyMs,
        );
        const snapshots = new SnapshotService(kargo, store, logger, {
          mode: refresh.mode,
          budgets: readObjectBudgets(deps.config),
          watch: {
            timeoutSeconds: Math.round(
              durationToMilliseconds(refresh.watchTimeout) / 1000,
            ),
          },
          sharing: sharedListings
            ? {
                listings: new SharedListings(
                  deps.cache,
                  Math.max(5 * pullRequestMs, 60_000),
                ),
                maxAgeMs: pullRequestMs,
              }
            : undefined,
        });
        // After every write, from any entry point of this plugin: re-read
        // the project so pages follow what was started.
        deps.commands.onWritten(({ instance, project, command }) =>
          snapshots
            .refreshProject(instance, project)
            .catch(error =>
              logger.warn(
                `Refresh of ${instance}/${project} after ${command} failed: ${error}`,
              ),
            ),
        );
        registerKargoPermissions(deps.permissionsRegistry);
        registerKargoActions(deps.actionsRegistry, {
          ...deps,
          permissions,
          snapshots,
          serviceWriters: kargoServiceWriters(deps.config),
        });
        const signalChannels = await ProjectSignalChannels.create(deps);
        publishStageChanges(
          snapshots.changes,
          deps.signals,
          signalChannels,
          logger,
        );
        // After the extension point's providers were added: their topics count too.
        const webhooks = await subscribePullRequestWebhooks(
          deps.events,
          snapshots,
          kargo.pullRequests.providers ?? NO_WEBHOOK_PROVIDERS,
          logger,
        );
        deps.lifecycle.addShutdownHook(() => webhooks.stop());
        warnUnsignedWebhookTopics(deps.config, logger);

        // Each instance on its own task, timeout and abort signal: a slow
        // cluster never delays another. Watching, the task is the resync.
        for (const name of snapshots.instanceNames()) {
          await scheduler.scheduleTask({
            id: `kargo-snapshot-refresh:${name}`,
            scope: shared ? 'global' : 'local',
            frequency: watching ? refresh.resync : refresh.frequency,
            timeout: refresh.timeout,
            initialDelay: watching ? refresh.resync : { seconds: 0 },
            fn: async signal => {
              await snapshots.refreshInstance(name, signal);
            },
          });
        }
        // Pull requests on their own schedule (`pullRequestFrequency`): a
        // slow or rate-limited Git provider never delays Kargo data. Watching with replicas, one of
        // them lists (a global task) and the others take its listings from
        // the shared cache, every few seconds: one Git request per
        // repository and interval, however many replicas.
        await scheduler.scheduleTask({
          id: 'kargo-pull-requests',
          scope: sharedListings ? 'global' : 'local',
          frequency: refresh.pullRequestFrequency,
          timeout: refresh.timeout,
          initialDelay: refresh.pullRequestFrequency,
          fn: signal => snapshots.refreshPullRequests(signal),
        });
        if (sharedListings) {
          await scheduler.scheduleTask({
            id: 'kargo-pull-requests-shared',
            scope: 'local',
            frequency: {
              milliseconds: Math.min(pullRequestMs, SHARED_LISTINGS_CHECK_MS),
            },
            timeout: refresh.timeout,
            fn: () => snapshots.adoptSharedPullRequests(),
          });
        }
        if (watching) {
          deps.lifecycle.addStartupHook(() => snapshots.start());
          deps.lifecycle.addShutdownHook(() => snapshots.stop());
        }

        await setupKargoNotifications({
          ...deps,
          snapshots,
          readDecisions,
          refreshFrequency: refresh.pullRequestFrequency,
        });

        httpRouter.use(
          await createRouter({
            ...deps,
            permissions,
            snapshotPermissions,
            snapshots,
            signalChannels,
          }),
        );
        httpRouter.addAuthPolicy({ path: '/health', allow: 'unauthenticated' });
      },
    });
  },
});
