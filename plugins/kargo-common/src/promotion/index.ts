export { generatePromotionName } from './name';
export {
  freightAlias,
  isFreightAvailableToStage,
  resolveFreight,
} from './freight';
export type { FreightAvailability, FreightResolution } from './freight';
export {
  buildPromotion,
  isTerminalPromotionPhase,
  recordedPullRequestUrl,
  KARGO_CREATE_ACTOR_ANNOTATION,
  TERMINAL_PROMOTION_PHASES,
} from './build';
export type { BuildPromotionOptions } from './build';
export {
  buildPromotionTimeline,
  pullRequestWaitOf,
  type PromotionTimelineInput,
} from './timeline';
export {
  decidePromotionAbort,
  hasAbortRequest,
  promotionAbortAnnotation,
  type PromotionAbortDecision,
} from './abort';
export { freightOptionsOf, FREIGHT_OPTIONS_LIMIT } from './options';
