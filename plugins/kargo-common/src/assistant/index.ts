export {
  toAssistantStageListItem,
  toAssistantStageView,
  type AssistantPullRequest,
  type AssistantStageListItem,
  type AssistantFreightOption,
  type AssistantStageView,
  type AssistantVerification,
  type CallerRefusals,
} from './stageView';
export {
  describePullRequestWait,
  toAssistantPromotions,
  type AssistantPromotion,
} from './promotionView';
export { matchesStageFilter, type StageFilter } from './stageFilter';
