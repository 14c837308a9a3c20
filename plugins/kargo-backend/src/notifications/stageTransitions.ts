import type {
  LoggerService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import type { HumanDuration } from '@backstage/types';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import type { StageChanges } from '../services/snapshot/stageChanges';

/**
 * A Stage as it was (undefined: not seen before) and as it is now: what the
 * notifier decides its events on. Made from the snapshot's feed of
 * `SnapshotStageChange`s, which carry only the Stage as it is now.
 */
export interface StageTransition {
  previous: StageDetail | undefined;
  next: StageDetail;
}

/** Where Stage transitions come from (the listeners cannot tell which source). */
export interface StageTransitionSource {
  subscribe(
    listener: (changes: StageTransition[]) => Promise<void>,
  ): Promise<void>;
}

/** Whether a Promotion waits on the pull request (its event comes with time). */
const isWaitedOn = (pr: StageDetail['pullRequests'][number]) =>
  pr.state === 'open' && !pr.orphaned && Boolean(pr.promotion);

/** Whether a Stage has an open pull request a Promotion waits on. */
const waitsOnPullRequest = (s: StageDetail) => s.pullRequests.some(isWaitedOn);

/**
 * The Stage changes the snapshot's model emits (SnapshotService.changes), in
 * either refresh mode: a change is announced as soon as the watch (or a poll)
 * rebuilt the Stage, and no whole snapshot is compared. One event comes with
 * time instead of a change, a Promotion waiting too long on its pull request:
 * the scheduled look re-checks the pull requests of the Stages with one.
 */
export class StreamStageTransitionSource implements StageTransitionSource {
  private readonly seen = new Map<string, StageDetail>();
  /** One delivery at a time, in the order the changes happened. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly changes: StageChanges,
    private readonly scheduler: SchedulerService,
    private readonly frequency: HumanDuration,
    private readonly logger: LoggerService,
  ) {}

  async subscribe(
    listener: (changes: StageTransition[]) => Promise<void>,
  ): Promise<void> {
    this.changes.subscribe(batch => {
      const changes: StageTransition[] = [];
      for (const { instance, project, stage, detail } of batch) {
        const key = `${instance}/${project}/${stage}`;
        if (!detail) {
          this.seen.delete(key);
          continue;
        }
        changes.push({ previous: this.seen.get(key), next: detail });
        this.seen.set(key, detail);
      }
      this.deliver(listener, changes);
    });
    await this.scheduler.scheduleTask({
      id: 'kargo-notifications',
      scope: 'local',
      frequency: this.frequency,
      timeout: { minutes: 5 },
      fn: async () => {
        // As it was without the pull requests Promotions wait on: only
        // their events (a Promotion waiting too long) can be new. Orphaned
        // PRs are not looked at again: their event came with the change that
        // orphaned them, and replaying 200 of them per Stage every look cost
        // a database query each (issue 35, attack 8).
        const waiting = [...this.seen.values()].filter(waitsOnPullRequest);
        this.deliver(
          listener,
          waiting.map(next => ({
            previous: {
              ...next,
              pullRequests: next.pullRequests.filter(pr => !isWaitedOn(pr)),
            },
            next,
          })),
        );
        await this.queue;
      },
    });
  }

  private deliver(
    listener: (changes: StageTransition[]) => Promise<void>,
    changes: StageTransition[],
  ) {
    if (changes.length === 0) return;
    this.queue = this.queue
      .then(() => listener(changes))
      .catch(error => this.logger.warn(`Kargo notifications failed: ${error}`));
  }
}
