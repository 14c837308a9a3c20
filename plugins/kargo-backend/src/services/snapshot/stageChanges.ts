import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';

/**
 * An item of the snapshot's change feed: a Stage whose detail changed (as
 * served by the API), or was removed (`detail` null). Notifications turn
 * these into `StageTransition`s (previous and next detail).
 *
 * @public
 */
export interface SnapshotStageChange {
  instance: string;
  project: string;
  stage: string;
  detail: StageDetail | null;
}

/** @public */
export type SnapshotStageChangeListener = (
  changes: SnapshotStageChange[],
) => void;

/**
 * The in-process feed of Stage changes: every rebuild that alters a Stage's
 * detail is delivered here once, in batches (one per event burst), before
 * the browser is signalled. Other parts of this plugin (notifications, MCP
 * actions) subscribe instead of polling the snapshot:
 *
 * ```ts
 * const unsubscribe = stageChanges.subscribe(changes => { ... });
 * ```
 *
 * A listener that throws is logged by the caller and never stops the others.
 */
export class StageChanges {
  private readonly listeners = new Set<SnapshotStageChangeListener>();

  subscribe(listener: SnapshotStageChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delivers a batch; answers the errors of listeners that threw. */
  emit(changes: SnapshotStageChange[]): unknown[] {
    if (changes.length === 0) return [];
    const errors: unknown[] = [];
    for (const listener of this.listeners) {
      try {
        listener(changes);
      } catch (error) {
        errors.push(error);
      }
    }
    return errors;
  }
}
