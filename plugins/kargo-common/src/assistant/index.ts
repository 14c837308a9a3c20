export {
  describeMetricFailure,
  orphanedCount,
  summarizeStage,
  toAssistantStageListItem,
  toAssistantStageView,
  toAssistantVerification,
  type AssistantPullRequest,
  type AssistantStageListItem,
  type AssistantStageView,
  type AssistantVerification,
  type CallerRefusals,
} from './stageView';
export {
  entityNamesStage,
  matchesStageFilter,
  type StageFilter,
} from './stageFilter';
