export {
  analysisRunSelectorOfStage,
  analysisRunsOfStage,
  stageLabelValue,
  stageNameOfAnalysisRun,
  stagesOfAnalysisRun,
} from './analysisRuns';
export {
  deriveVerificationHistory,
  type DeriveVerificationHistoryInput,
} from './deriveHistory';
export { deriveStageActions } from './actions';
export { metricsOfAnalysisRun } from './metrics';
export { slimAnalysisRun } from './slimRun';
export { effectiveVerificationPhase } from './phases';
export { currentVerificationPhase, verificationCounts } from './summary';
