import type { FailedMeasurement, VerificationMetric } from '../types';

/** Bounded: beyond, the tables start over (details keep the views they hold). */
const MAX_SHARED = 10_000;

export const NO_FAILED_MEASUREMENTS = Object.freeze(
  [],
) as unknown as FailedMeasurement[];

/**
 * What runs repeat, held once. A Stage's history is kept for every Stage of
 * the fleet, and most of its metrics are only a name and a phase: one frozen
 * view per name and phase, and one frozen list per sequence of such views
 * (a trie keyed by the views themselves: no key string per run), keep what
 * runs repeat once (figures: docs/benchmarks.md#measurements-behind-the-code).
 */
export class SharedMetrics {
  private readonly views = new Map<string, Map<string, VerificationMetric>>();
  private readonly lists: ListNode = { next: new Map() };
  private size = 0;

  /** A metric with no message and no failed measurement. */
  plain(name: string, phase: string): VerificationMetric {
    const known = this.views.get(phase)?.get(name);
    if (known) return known;
    this.grow();
    const view: VerificationMetric = Object.freeze({
      name,
      phase,
      message: null,
      failedMeasurements: NO_FAILED_MEASUREMENTS,
    });
    let byName = this.views.get(phase);
    if (!byName) this.views.set(phase, (byName = new Map()));
    byName.set(name, view);
    return view;
  }

  /** The one list of these metrics when each is a view from `plain`; else the metrics as they are. */
  list(views: VerificationMetric[]): VerificationMetric[] {
    if (!views.every(isView)) return views;
    let node = this.lists;
    for (const view of views) {
      let child = node.next.get(view);
      if (!child) {
        this.grow();
        node.next.set(view, (child = { next: new Map() }));
      }
      node = child;
    }
    node.list ??= Object.freeze(views) as VerificationMetric[];
    return node.list;
  }

  private grow() {
    if (++this.size <= MAX_SHARED) return;
    this.size = 0;
    this.views.clear();
    this.lists.next.clear();
    this.lists.list = undefined;
  }
}

/** A view from `plain` (a fresh metric always has a message or a failed measurement). */
function isView(metric: VerificationMetric): boolean {
  return (
    metric.message === null &&
    metric.failedMeasurements === NO_FAILED_MEASUREMENTS
  );
}

interface ListNode {
  list?: VerificationMetric[];
  next: Map<VerificationMetric, ListNode>;
}
