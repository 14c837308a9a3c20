export {
  toAssistantStageListItem,
  toAssistantStageView,
  type AssistantPullRequest,
  type AssistantStageListItem,
  type AssistantStageView,
  type AssistantVerification,
  type CallerRefusals,
} from './stageView';
export { matchesStageFilter, type StageFilter } from './stageFilter';
