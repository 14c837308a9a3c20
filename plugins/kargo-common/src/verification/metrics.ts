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

/** Bounded: beyond, the table starts over (details keep the views they hold). */
const MAX_SHARED = 10_000;

/**
 * One frozen copy per key of what most runs repeat. A Stage's history is
 * kept for every Stage of the fleet, and most of its metrics are only a name
 * and a phase: sharing them keeps ~4 KB per Stage (20 MB at 5,000 Stages).
 */
class SharedViews<T extends object> {
  private readonly views = new Map<string, T>();

  get(key: string, make: () => T): T {
    const known = this.views.get(key);
    if (known) return known;
    if (this.views.size >= MAX_SHARED) this.views.clear();
    const view = Object.freeze(make());
    this.views.set(key, view);
    return view;
  }
}

const NO_FAILED_MEASUREMENTS = Object.freeze(
  [],
) as unknown as FailedMeasurement[];
const plainMetrics = new SharedViews<VerificationMetric>();
const plainMetricLists = new SharedViews<VerificationMetric[]>();

/** A metric with no message and no failed measurement: shared by name and phase. */
function plainMetric(name: string, phase: string): VerificationMetric {
  return plainMetrics.get(`${phase}\u0000${name}`, () => ({
    name,
    phase,
    message: null,
    failedMeasurements: NO_FAILED_MEASUREMENTS,
  }));
}

function isPlain(metric: VerificationMetric): boolean {
  return metric.message === null && metric.failedMeasurements.length === 0;
}

/** The list shared when every metric in it is plain (each already a shared view). */
function shareWhenPlain(metrics: VerificationMetric[]): VerificationMetric[] {
  if (!metrics.every(isPlain)) return metrics;
  const key = metrics.map(m => `${m.phase}\u0000${m.name}`).join('\u0001');
  return plainMetricLists.get(key, () => metrics);
}

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
      ? plainMetric(name, phase)
      : { name, phase, message, failedMeasurements: failed };
  });
  const named = new Set(metrics.map(m => m.name));
  for (const metric of asArray(run?.spec?.metrics)) {
    if (metric?.name && !named.has(metric.name)) {
      named.add(metric.name);
      metrics.push(plainMetric(metric.name, 'Pending'));
    }
  }
  return shareWhenPlain(metrics);
}
