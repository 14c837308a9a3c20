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
import { groupEvents, noticeOf } from './notices';
import { CatalogAudience } from './recipients';
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
 * ever (the key is claimed in the database before sending).
 *
 * A pass (one `onChanges`) costs, whatever a project member makes its Stages
 * hold (issue 35, attack 8): one query for which of its events were sent
 * already (per 400 events), then nothing more when none is new; else one
 * read of the annotated catalog entities, and one notification per Stage and
 * kind of event (many orphaned pull requests of a Stage make one digest, see
 * `noticeOf`) and link.
 */
export class KargoNotifier {
  constructor(private readonly options: KargoNotifierOptions) {}

  async onChanges(changes: StageTransition[]): Promise<void> {
    const { config, sent, logger } = this.options;
    const now = (this.options.now ?? Date.now)();
    const events = new Map<string, KargoStageEvent>();
    for (const { previous, next } of changes) {
      for (const event of newStageEvents(previous, next, {
        now,
        promotionWaitMs: config.promotionWaitMs,
      })) {
        if (!events.has(event.key)) events.set(event.key, event);
      }
    }
    if (events.size === 0) return;
    let done: Set<string>;
    try {
      done = await sent.alreadySent([...events.keys()]);
    } catch (error) {
      logger.warn(`Kargo notifications not sent: ${error}`);
      return;
    }
    const fresh = [...events.values()].filter(e => !done.has(e.key));
    if (fresh.length === 0) return;
    const audience = new CatalogAudience(this.options);
    for (const group of groupEvents(fresh)) {
      await this.announce(audience, group).catch(error =>
        logger.warn(
          `Kargo notification ${group[0].key}${
            group.length > 1 ? ` (and ${group.length - 1} more)` : ''
          } not sent: ${error}`,
        ),
      );
    }
  }

  /** Sends one notification (per link) of a Stage's events of one kind. */
  private async announce(
    audience: CatalogAudience,
    group: KargoStageEvent[],
  ): Promise<void> {
    const { sent, notifications, config, logger } = this.options;
    const [first] = group;
    const { ownerUsers, entities } = await audience.ofStage(first);
    const stage = {
      instance: first.instance,
      project: first.project,
      name: first.stage,
    };
    const now = (this.options.now ?? Date.now)();
    const readers = ownerUsers.filter(user =>
      this.options.readDecisions.allows(user, stage, now),
    );
    if (readers.length === 0) return;
    // Only the events this replica claimed first are its to announce.
    const claimed: KargoStageEvent[] = [];
    try {
      for (const event of group) {
        if (await sent.claim(event.key)) claimed.push(event);
      }
    } catch (error) {
      await Promise.all(claimed.map(e => sent.release(e.key)));
      throw error;
    }
    if (claimed.length === 0) return;
    const notice = noticeOf(claimed);
    // Each reader is sent to the Kargo tab of an entity they own (so the
    // link names no entity of someone else's, e.g. one another owner
    // registered): one notification per link.
    // The first entity of each owner, found once (not a search per reader).
    const linkOf = new Map<string, string | undefined>();
    for (const entity of entities) {
      for (const user of entity.users)
        if (!linkOf.has(user)) linkOf.set(user, entity.link);
    }
    const byLink = new Map<string | undefined, string[]>();
    for (const reader of readers) {
      const link = linkOf.get(reader);
      const linked = byLink.get(link);
      if (linked) linked.push(reader);
      else byLink.set(link, [reader]);
    }
    try {
      for (const [link, entityRef] of byLink) {
        await notifications.send({
          recipients: { type: 'entity', entityRef },
          payload: {
            title: notice.title,
            description: notice.description,
            link,
            severity: severityOfStage(config.severity, first),
            topic: `Kargo ${first.project}`,
            scope: notice.scope,
          },
        });
      }
      logger.info(`Kargo notification sent: ${notice.title}`, {
        key: notice.scope,
      });
    } catch (error) {
      await Promise.all(claimed.map(e => sent.release(e.key)));
      throw error;
    }
  }
}
