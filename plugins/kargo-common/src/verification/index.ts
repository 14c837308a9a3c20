export {
  analysisRunSelectorOfStage,
  stageNameOfAnalysisRun,
} from './analysisRuns';
export {
  deriveVerificationHistory,
  type DeriveVerificationHistoryInput,
} from './deriveHistory';
export { deriveStageActions } from './actions';
export { jobMetricsOf } from './jobMetrics';
export { metricsOfAnalysisRun } from './metrics';
export { slimAnalysisRun } from './slimRun';
export {
  describeReverificationWarning,
  reverificationWarnings,
} from './reverifiedFailed';
