import type { AnalysisRun, MetricResult } from '../types';
import { asArray, asRecord } from '../util/objects';
import { MAX_FAILED_MEASUREMENTS } from './metrics';
import { isFailedMeasurementPhase } from '../phases/phaseSets';

function slimResult(result: MetricResult): MetricResult {
  if (!asRecord(result)) return result;
  return {
    name: result.name,
    phase: result.phase,
    message: result.message,
    measurements: asArray(result.measurements)
      .filter(m => !!asRecord(m) && isFailedMeasurementPhase(m.phase))
      .slice(-MAX_FAILED_MEASUREMENTS),
  };
}

/**
 * The parts of an AnalysisRun that the verification history reads
 * (analysisRunsOfStage, deriveVerificationHistory, metricsOfAnalysisRun give
 * the same answers for it as for the whole run): metadata without
 * managedFields, the declared metric names, the phase, message and times, and
 * per metric result only the measurements that failed, the newest
 * `MAX_FAILED_MEASUREMENTS` (10).
 *
 * A gathering applies it to each LIST page as it arrives: the whole runs (most
 * of the bytes a gathering reads, mostly successful measurements and metric
 * providers) are then garbage at once instead of being held, and promoted by
 * the garbage collector, until every Stage of the project is built.
 *
 * @public
 */
export function slimAnalysisRun(run: AnalysisRun): AnalysisRun {
  if (!asRecord(run)) return run;
  const slim: AnalysisRun = {
    apiVersion: run.apiVersion,
    kind: run.kind,
    metadata: run.metadata,
  };
  const metadata = asRecord(run.metadata);
  if (metadata && 'managedFields' in metadata) {
    const { managedFields: _dropped, ...rest } = metadata;
    slim.metadata = rest as AnalysisRun['metadata'];
  }
  const spec = asRecord(run.spec) as AnalysisRun['spec'];
  if (spec) {
    slim.spec = Array.isArray(spec.metrics)
      ? { metrics: spec.metrics.map(m => (asRecord(m) ? { name: m.name } : m)) }
      : {};
  } else if (run.spec !== undefined) {
    slim.spec = run.spec;
  }
  const status = asRecord(run.status) as AnalysisRun['status'];
  if (status) {
    slim.status = {
      phase: status.phase,
      message: status.message,
      startedAt: status.startedAt,
      completedAt: status.completedAt,
      metricResults: Array.isArray(status.metricResults)
        ? status.metricResults.map(slimResult)
        : status.metricResults,
    };
  } else if (run.status !== undefined) {
    slim.status = run.status;
  }
  return slim;
}
