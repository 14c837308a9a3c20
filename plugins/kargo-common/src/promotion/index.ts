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
export { buildPromotion } from './newPromotion';
export { recordedPullRequestUrl } from '../pullRequests/recorded';
export type { BuildPromotionOptions } from './newPromotion';
export { type PromotionTimelineInput } from './timeline';
export {
  abortablePromotionOf,
  decidePromotionAbort,
  promotionAbortAnnotation,
  type PromotionAbortDecision,
} from './abort';
export { autoPromotionOf, autoPromotionEffectOf } from './autoPromotion';
export { freightArtifactsOf, freightDiff } from './freightDiff';
export { clip, httpUrlOf } from './stepView';
