import type { AuthService, LoggerService } from '@backstage/backend-plugin-api';
import type { CatalogService } from '@backstage/plugin-catalog-node';
import type { NotificationService } from '@backstage/plugin-notifications-node';
import {
  newStageEvents,
  severityOfStage,
  type KargoStageEvent,
} from '@kargo-backstage/plugin-kargo-common';
import type { ReadDecisions } from '../permissions/readDecisions';
import type { KargoNotificationsConfig } from './config';
import { audienceOfStage } from './recipients';
import type { SentNotifications } from './SentNotifications';
import type { StageTransition } from './stageTransitions';

interface KargoNotifierOptions {
  config: Omit<KargoNotificationsConfig, 'readDecisionMaxAgeMs'>;
  notifications: NotificationService;
  sent: SentNotifications;
  catalog: CatalogService;
  auth: AuthService;
  logger: LoggerService;
  defaultInstance: string;
  /** Who Backstage's policy let read which Stage: only they hear of it. */
  readDecisions: Pick<ReadDecisions, 'allows'>;
  now?: () => number;
}

/**
 * Turns Stage changes into notifications to the owners of the entities that
 * name the Stage, limited to the owners Backstage's policy recently allowed to
 * read that Stage (`kargo.stage.read`, see ReadDecisions): one per event key,
 * ever (the key is claimed in the database before sending and doubles as the
 * notification's scope).
 */
export class KargoNotifier {
  constructor(private readonly options: KargoNotifierOptions) {}

  async onChanges(changes: StageTransition[]): Promise<void> {
    const { config } = this.options;
    const now = (this.options.now ?? Date.now)();
    for (const { previous, next } of changes) {
      for (const event of newStageEvents(previous, next, {
        now,
        promotionWaitMs: config.promotionWaitMs,
      })) {
        await this.announce(event).catch(error =>
          this.options.logger.warn(
            `Kargo notification ${event.key} not sent: ${error}`,
          ),
        );
      }
    }
  }

  private async announce(event: KargoStageEvent): Promise<void> {
    const { sent, notifications, config, logger } = this.options;
    const audience = await audienceOfStage(this.options, event);
    const stage = {
      instance: event.instance,
      project: event.project,
      name: event.stage,
    };
    const now = (this.options.now ?? Date.now)();
    const readers = audience.ownerUsers.filter(user =>
      this.options.readDecisions.allows(user, stage, now),
    );
    if (readers.length === 0) return;
    if (!(await sent.claim(event.key))) return;
    // Each reader is sent to the Kargo tab of an entity they own (so the
    // link names no entity of someone else's, e.g. one another owner
    // registered): one notification per link.
    const byLink = new Map<string | undefined, string[]>();
    for (const reader of readers) {
      const link = audience.entities.find(e => e.users.includes(reader))?.link;
      byLink.set(link, [...(byLink.get(link) ?? []), reader]);
    }
    try {
      for (const [link, entityRef] of byLink) {
        await notifications.send({
          recipients: { type: 'entity', entityRef },
          payload: {
            title: event.title,
            description: event.description,
            link,
            severity: severityOfStage(config.severity, event),
            topic: `Kargo ${event.project}`,
            scope: event.key,
          },
        });
      }
      logger.info(`Kargo notification sent: ${event.title}`, {
        key: event.key,
      });
    } catch (error) {
      await sent.release(event.key);
      throw error;
    }
  }
}
