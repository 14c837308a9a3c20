export { generatePromotionName } from './name';
export {
  freightAlias,
  isFreightAvailableToStage,
  resolveFreight,
} from './freightAvailability';
export type {
  FreightAvailability,
  FreightResolution,
} from './freightAvailability';
export { buildPromotion, recordedPullRequestUrl } from './build';
export type { BuildPromotionOptions } from './build';
export { type PromotionTimelineInput } from './timeline';
export {
  abortablePromotionOf,
  decidePromotionAbort,
  promotionAbortAnnotation,
  type PromotionAbortDecision,
} from './abort';
export { autoPromotionOf, autoPromotionEffectOf } from './autoPromotion';
export { freightArtifactsOf, freightDiff } from './freightDiff';
