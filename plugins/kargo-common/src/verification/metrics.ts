import type {
  AnalysisRun,
  FailedMeasurement,
  Measurement,
  VerificationMetric,
} from '../types';
import type { Interner } from '../util/interner';
import { asArray, asRecord } from '../util/objects';
import { isFailedMeasurementPhase } from '../phases/phaseSets';
import { NO_FAILED_MEASUREMENTS, SharedMetrics } from './sharedMetrics';

/**
 * Failed measurements kept per metric. Argo Rollouts already trims
 * measurements; the newest few are what a person needs to see why.
 */
export const MAX_FAILED_MEASUREMENTS = 10;

function failedMeasurements(
  measurements: Measurement[] | null | undefined,
): FailedMeasurement[] {
  const all = asArray(measurements);
  if (all.length === 0) return NO_FAILED_MEASUREMENTS;
  const failed = all
    .filter(m => !!asRecord(m))
    .filter(m => isFailedMeasurementPhase(m.phase))
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
 * lists of only those) are frozen views shared between runs: the runs of
 * the interner's instance when given, else this run's.
 *
 * @public
 */
export function metricsOfAnalysisRun(
  run: AnalysisRun | null | undefined,
  interner?: Interner,
): VerificationMetric[] {
  return metricsOf(run, interner?.metrics ?? new SharedMetrics());
}

/** `metricsOfAnalysisRun`, its views shared through this table. */
export function metricsOf(
  run: AnalysisRun | null | undefined,
  shared: SharedMetrics,
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
  return shared.list(metrics);
}
