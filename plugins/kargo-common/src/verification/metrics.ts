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
import { clip, MAX_MESSAGE } from '../promotion/stepView';

/**
 * Failed measurements kept per metric. Argo Rollouts already trims
 * measurements; the newest few are what a person needs to see why.
 */
export const MAX_FAILED_MEASUREMENTS = 10;
/** Longest metric name kept (as a step's alias); longer text is cut. */
const MAX_NAME = 200;
/**
 * Characters of metrics per verification history, its entries together,
 * newest first (see `deriveVerificationHistory`). Kargo copies the
 * AnalysisTemplates a project member wrote into every run of the Stage
 * (akuity/kargo v1.11.2 pkg/rollouts/analysis_run_builder.go) and the watch
 * holds the equal copies once, while each entry serves its own: 300
 * reverifications of a template of 3,000 long metric names made a 286 MB
 * Stage detail. Real histories use a fraction of a percent: 5,000 runs of
 * two metrics take 0.8 MB. A quarter of the 4 MB it was, as the runs a
 * Stage's status names unlabelled are derived again for each Stage naming
 * them (issue 35, attack 9).
 */
export const MAX_METRIC_TEXT = 1_048_576;
/**
 * Metrics one entry lists, failed first, and the characters they may take,
 * whatever is left of {@link MAX_METRIC_TEXT}: one unlabelled run of 7,000
 * failed metrics named in the status of 300 Stages was derived for each
 * and made 515 MB of details (issue 35, attack 9). The AnalysisRun itself
 * (its drawer) shows every metric.
 */
export const MAX_ENTRY_METRICS = 50;
export const MAX_ENTRY_METRIC_TEXT = 64 * 1_024;

/** About the characters metrics take in a Stage's JSON. */
export function metricsSize(metrics: VerificationMetric[]): number {
  let size = 0;
  for (const metric of metrics) {
    size +=
      60 +
      metric.name.length +
      metric.phase.length +
      (metric.message?.length ?? 0);
    for (const m of metric.failedMeasurements) {
      size +=
        100 +
        (m.message?.length ?? 0) +
        (typeof m.value === 'string' ? m.value.length : 0);
    }
  }
  return size;
}

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
    message: clip(m.message, MAX_MESSAGE) || null,
    startedAt: m.startedAt || null,
    finishedAt: m.finishedAt || null,
    value:
      (typeof m.value === 'string' ? clip(m.value, MAX_MESSAGE) : m.value) ??
      null,
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
  // Names as written decide which declared metrics have a result; the
  // views show them cut.
  const named = new Set<string>();
  const metrics: VerificationMetric[] = results.map((result, index) => {
    const full = result.name || `metric-${index + 1}`;
    named.add(full);
    const name = clip(full, MAX_NAME);
    const phase = clip(result.phase, MAX_NAME) || 'Pending';
    const message = clip(result.message, MAX_MESSAGE) || null;
    // Argo Rollouts appends measurements as they are taken: the order is
    // chronological already.
    const failed = failedMeasurements(result.measurements);
    return message === null && failed.length === 0
      ? shared.plain(name, phase)
      : { name, phase, message, failedMeasurements: failed };
  });
  for (const metric of asArray(run?.spec?.metrics)) {
    if (metric?.name && !named.has(metric.name)) {
      named.add(metric.name);
      metrics.push(shared.plain(clip(metric.name, MAX_NAME), 'Pending'));
    }
  }
  return shared.list(metrics);
}
