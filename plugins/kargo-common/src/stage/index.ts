export { toStageSummary } from './detail';
export { MAX_OPEN_PULL_REQUEST_URLS } from './pullRequestParts';
export {
  buildProjectStages,
  type BuildProjectStagesInput,
  type BuiltStage,
  type ProjectLists,
  type RepositoryListing,
} from './project';
export {
  stagesTouchedBy,
  type StageInputChange,
  type StageInputKind,
} from './touched';
export { sameStageDetail } from './sameDetail';
export { DEFAULT_OBJECT_BUDGETS, type ObjectBudgets } from './objectBudget';
export type { ProjectVerdict } from './budgetVerdicts';
export { ProjectIndexes } from './projectIndexes';
export { StageRoutes } from './stageRoutes';
export { ProjectFreight } from '../promotion/projectFreight';
export type { FreightHashes } from '../verification/freightOfRun';
export { ProjectPromotions } from '../promotion/projectPromotions';
export type { FreightIndex } from '../verification/freightOfRun';
export type { AnalysisRunIndex } from '../verification/analysisRuns';
export {
  stageArgoCdApps,
  argoCdAppUrl,
  ARGOCD_CONTEXT_ANNOTATION,
} from './argoCdApps';
