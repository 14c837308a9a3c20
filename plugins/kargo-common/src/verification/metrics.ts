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
 *
 * @public
 */
export function metricsOfAnalysisRun(
  run: AnalysisRun | null | undefined,
): VerificationMetric[] {
  const results = asArray(run?.status?.metricResults).filter(
    r => !!asRecord(r),
  );
  const metrics: VerificationMetric[] = results.map((result, index) => ({
    name: result.name || `metric-${index + 1}`,
    phase: result.phase || 'Pending',
    message: result.message || null,
    // Argo Rollouts appends measurements as they are taken: the order is
    // chronological already.
    failedMeasurements: asArray(result.measurements)
      .filter(m => !!asRecord(m))
      .filter(m => FAILED_MEASUREMENT_PHASES.includes(m.phase ?? ''))
      .slice(-MAX_FAILED_MEASUREMENTS)
      .map(failedMeasurement),
  }));
  const named = new Set(metrics.map(m => m.name));
  for (const metric of asArray(run?.spec?.metrics)) {
    if (metric?.name && !named.has(metric.name)) {
      named.add(metric.name);
      metrics.push({
        name: metric.name,
        phase: 'Pending',
        message: null,
        failedMeasurements: [],
      });
    }
  }
  return metrics;
}
