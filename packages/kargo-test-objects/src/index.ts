/**
 * The one set of builders of Kargo and Argo Rollouts test objects, shaped as
 * Kargo 1.x writes them, with stable names, uids and times. Used by the
 * sandbox's demo, kargo-common's test fixtures and the bench's fleet; what
 * differs between them is their profile (clock, uids, lean objects).
 * Test and demo code only: no production package depends on it.
 */
import { analysisRunBuilder, verificationInfoBuilder } from './analysisRun';
import { freightBuilder } from './freight';
import {
  analysisTemplateBuilder,
  conditionBuilder,
  projectBuilder,
  stageBuilder,
  warehouseBuilder,
} from './kargo';
import { contextOf, ObjectProfile } from './profile';
import { promotionBuilder } from './promotion';

export * from './blocks';
export { collection } from './freight';
export type { BuiltFreight, FreightOptions } from './freight';
export type {
  AnalysisRunOptions,
  RunPhase,
  VerificationOptions,
} from './analysisRun';
export type { StageOptions } from './kargo';
export { promotionRef } from './promotion';
export type { PromotionOptions, PromotionPhase } from './promotion';
export type { Kind, Obj, ObjectProfile } from './profile';

/** The builders on one profile's clock, uids and detail. */
export function kargoObjects(profile: ObjectProfile) {
  const ctx = contextOf(profile);
  return {
    /** RFC 3339 time `minutes` after the profile's epoch. */
    at: ctx.at,
    /** A ULID whose time part is `minutes` after the epoch. */
    ulidAt: ctx.ulid,
    condition: conditionBuilder(ctx),
    project: projectBuilder(ctx),
    warehouse: warehouseBuilder(ctx),
    analysisTemplate: analysisTemplateBuilder(ctx),
    stage: stageBuilder(ctx),
    freight: freightBuilder(ctx),
    analysisRun: analysisRunBuilder(ctx),
    verificationInfo: verificationInfoBuilder(ctx),
    ...promotionBuilder(ctx),
  };
}
