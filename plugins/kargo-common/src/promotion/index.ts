export { generatePromotionName } from './name';
export {
  freightAlias,
  isFreightAvailableToStage,
  resolveFreight,
} from './freightAvailability';
export type { FreightAvailability, FreightResolution } from './freightAvailability';
export {
  buildPromotion,
  isTerminalPromotionPhase,
  recordedPullRequestUrl,
  TERMINAL_PROMOTION_PHASES,
} from './build';
export type { BuildPromotionOptions } from './build';
export {
  buildPromotionTimeline,
  pullRequestWaitOf,
  type PromotionTimelineInput,
} from './timeline';
export { freightOptionsOf, FREIGHT_OPTIONS_LIMIT } from './options';
