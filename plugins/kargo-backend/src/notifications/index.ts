import type {
  AuthService,
  DatabaseService,
  LoggerService,
  RootConfigService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import type { HumanDuration } from '@backstage/types';
import type { KargoService } from '@kargo-backstage/plugin-kargo-node';
import type { ReadDecisions } from '../permissions/readDecisions';
import type { SnapshotService } from '../services/snapshot/SnapshotService';
import { readNotificationsConfig } from './config';
import { KargoNotifier } from './KargoNotifier';
import { SentNotifications } from './SentNotifications';
import {
  StreamStageTransitionSource,
  type StageTransitionSource,
} from './stageTransitions';

export interface KargoNotificationsOptions {
  config: RootConfigService;
  logger: LoggerService;
  scheduler: SchedulerService;
  database: DatabaseService;
  catalog: CatalogService;
  auth: AuthService;
  notifications: NotificationService;
  kargo: KargoService;
  snapshots: SnapshotService;
  /** The users' recorded `kargo.stage.read` decisions: only readers are told. */
  readDecisions: ReadDecisions;
  /** How often the snapshot is refreshed (`kargo.refresh.frequency`). */
  refreshFrequency: HumanDuration;
  /** Where Stage changes come from; the snapshot model's change stream unless given. */
  changes?: StageTransitionSource;
}

/** Notifications to owners, when `kargo.notifications.enabled` is true. */
export async function setupKargoNotifications(
  options: KargoNotificationsOptions,
): Promise<void> {
  const config = readNotificationsConfig(options.config);
  if (!config.enabled) return;
  const notifier = new KargoNotifier({
    ...options,
    config,
    sent: await SentNotifications.create(options.database),
    defaultInstance: options.kargo.listInstances()[0]?.name ?? '',
  });
  const changes =
    options.changes ??
    new StreamStageTransitionSource(
      options.snapshots.changes,
      options.scheduler,
      options.refreshFrequency,
      options.logger,
    );
  await changes.subscribe(list => notifier.onChanges(list));
  options.logger.info('Kargo notifications are on');
}
