import type {
  AnalysisRun,
  FailedMeasurement,
  Measurement,
  VerificationMetric,
} from '../types';
import { asArray, asRecord } from '../util/objects';

export const FAILED_MEASUREMENT_PHASES = ['Failed', 'Error', 'Inconclusive'];

/**
 * Failed measurements kept per metric. Argo Rollouts already trims
 * measurements; the newest few are what a person needs to see why.
 */
export const MAX_FAILED_MEASUREMENTS = 10;

/** Bounded: beyond, the tables start over (details keep the views they hold). */
const MAX_SHARED = 10_000;

const NO_FAILED_MEASUREMENTS = Object.freeze(
  [],
) as unknown as FailedMeasurement[];

/**
 * What runs repeat, held once. A Stage's history is kept for every Stage of
 * the fleet, and most of its metrics are only a name and a phase: one frozen
 * view per name and phase, and one frozen list per sequence of such views
 * (a trie keyed by the views themselves: no key string per run), keep ~4 KB
 * per Stage once (20 MB at 5,000 Stages).
 */
class SharedMetrics {
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

  /** The one list of these views (each from `plain`). */
  list(views: VerificationMetric[]): VerificationMetric[] {
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

interface ListNode {
  list?: VerificationMetric[];
  next: Map<VerificationMetric, ListNode>;
}

const shared = new SharedMetrics();

function failedMeasurements(
  measurements: Measurement[] | null | undefined,
): FailedMeasurement[] {
  const all = asArray(measurements);
  if (all.length === 0) return NO_FAILED_MEASUREMENTS;
  const failed = all
    .filter(m => !!asRecord(m))
    .filter(m => FAILED_MEASUREMENT_PHASES.includes(m.phase ?? ''))
    .slice(-MAX_FAILED_MEASUREMENTS)
    .map(failedMeasurement);
  return failed.length ? failed : NO_FAILED_MEASUREMENTS;
}

function failedMeasurement(m: Measurement): FailedMeasurement {
  return {
    phase: m.phase ?? 'Unknown',
    message: m.message || null,
    startedAt: m.startedAt || null,
    finishedAt: m.finishedAt || null,
    value: m.value ?? null,
  };
}

/**
 * The metrics of an AnalysisRun with their failed, errored and inconclusive
 * measurements (newest last, at most `MAX_FAILED_MEASUREMENTS`, 10).
 * Metrics the spec declares that have no result yet are listed as Pending.
 * The result is read-only: metrics with nothing but a name and a phase (and
 * lists of only those) are frozen views shared between runs.
 *
 * @public
 */
export function metricsOfAnalysisRun(
  run: AnalysisRun | null | undefined,
): VerificationMetric[] {
  const results = asArray(run?.status?.metricResults).filter(
    r => !!asRecord(r),
  );
  const metrics: VerificationMetric[] = results.map((result, index) => {
    const name = result.name || `metric-${index + 1}`;
    const phase = result.phase || 'Pending';
    const message = result.message || null;
    // Argo Rollouts appends measurements as they are taken: the order is
    // chronological already.
    const failed = failedMeasurements(result.measurements);
    return message === null && failed.length === 0
      ? shared.plain(name, phase)
      : { name, phase, message, failedMeasurements: failed };
  });
  const named = new Set(metrics.map(m => m.name));
  for (const metric of asArray(run?.spec?.metrics)) {
    if (metric?.name && !named.has(metric.name)) {
      named.add(metric.name);
      metrics.push(shared.plain(metric.name, 'Pending'));
    }
  }
  // Only a list of shared views is shared (a fresh metric is never in one).
  return metrics.every(
    m => m.failedMeasurements === NO_FAILED_MEASUREMENTS && m.message === null,
  )
    ? shared.list(metrics)
    : metrics;
}
