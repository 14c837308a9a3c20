import type { SchedulerService } from '@backstage/backend-plugin-api';
import type { HumanDuration } from '@backstage/types';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import type { SnapshotService } from '../services/snapshot/SnapshotService';

/** A Stage as it was (undefined: not seen before) and as it is now. */
export interface StageChange {
  previous: StageDetail | undefined;
  next: StageDetail;
}

/**
 * Where Stage changes come from. Today the snapshot refresh (below); a watch
 * on the cluster can take its place without the listeners noticing.
 */
export interface StageChangeSource {
  subscribe(listener: (changes: StageChange[]) => Promise<void>): Promise<void>;
}

const keyOf = (s: StageDetail) => `${s.instance}/${s.project}/${s.name}`;

/**
 * Compares each new snapshot with the one before, on the refresh's schedule.
 * Only Stages of projects read successfully count, so a failing refresh
 * (which keeps the old Stages) never looks like a change.
 */
export class SnapshotStageChangeSource implements StageChangeSource {
  private seen = new Map<string, StageDetail>();

  constructor(
    private readonly snapshots: SnapshotService,
    private readonly scheduler: SchedulerService,
    private readonly frequency: HumanDuration,
  ) {}

  async subscribe(
    listener: (changes: StageChange[]) => Promise<void>,
  ): Promise<void> {
    await this.scheduler.scheduleTask({
      id: 'kargo-notifications',
      scope: 'local',
      frequency: this.frequency,
      timeout: { minutes: 5 },
      fn: async () => listener(await this.changes()),
    });
  }

  /** The Stages whose detail differs from the last look. */
  async changes(): Promise<StageChange[]> {
    const changes: StageChange[] = [];
    for (const state of await this.snapshots.getAll()) {
      for (const project of Object.values(state.projects)) {
        if (project.error || !project.lastUpdated) continue;
        for (const next of project.stages) {
          const previous = this.seen.get(keyOf(next));
          if (
            previous !== next &&
            JSON.stringify(previous) !== JSON.stringify(next)
          ) {
            changes.push({ previous, next });
          }
          this.seen.set(keyOf(next), next);
        }
      }
    }
    return changes;
  }
}
