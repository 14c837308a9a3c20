import type {
  AutoPromotion,
  AutoPromotionHold,
  FreightOption,
  KargoAutoPromotionHold,
  Stage,
} from '../types';

import {
  entryText,
  entryTime,
  MAX_ENTRY_ACTOR,
} from '../verification/entryText';

/** A Kubernetes object name is at most 253 characters. */
const MAX_NAME = 253;
/** An origin key: `<kind>/<name>`. */
const MAX_ORIGIN = 300;

function holdsOf(
  map: Record<string, KargoAutoPromotionHold> | undefined,
): AutoPromotionHold[] {
  if (!map || typeof map !== 'object' || Array.isArray(map)) return [];
  // A hold's texts are a project member's: clipped as a verification's are.
  return Object.entries(map)
    .map(([key, hold]) => {
      const origin = entryText(key, MAX_ORIGIN) ?? '';
      return {
        origin,
        warehouse: origin.startsWith('Warehouse/')
          ? origin.slice('Warehouse/'.length) || null
          : null,
        freight: entryText(hold?.freightName, MAX_NAME),
        promotion: entryText(hold?.promotionName, MAX_NAME),
        actor: entryText(hold?.actor, MAX_ENTRY_ACTOR),
        since: entryTime(hold?.createdAt),
      };
    })
    .sort((a, b) => a.origin.localeCompare(b.origin));
}

/**
 * Whether Kargo auto-promotes into the Stage, and what pauses it, as Kargo
 * v1.11.2 publishes it on the Stage: `status.autoPromotionEnabled` (its
 * Stage controller sets it each reconciliation from the first ProjectConfig
 * promotion policy that matches the Stage, pkg/api/auto_promotion.go
 * IsAutoPromotionEnabled) and `status.effectiveAutoPromotionHolds` (the
 * holds in effect now; `autoPromotionHolds`, the durable ones, when a
 * Kargo before v1.11 wrote no effective map). A hold on an origin stops
 * Kargo auto-promoting Freight from it (pkg/controller/stages/
 * regular_stages.go), whether or not auto-promotion is enabled.
 *
 * @public
 */
export function autoPromotionOf(stage: Stage): AutoPromotion {
  const status = stage.status;
  const effective = status?.effectiveAutoPromotionHolds;
  return {
    enabled: status?.autoPromotionEnabled === true,
    holds: holdsOf(effective ?? status?.autoPromotionHolds),
  };
}

/**
 * What a manual promotion of `freight` does to auto-promotion, as Kargo
 * v1.11.2's Promotion webhook decides it (pkg/webhook/kubernetes/promotion/
 * webhook.go syncHoldAnnotations): nothing when auto-promotion is off;
 * else it resumes auto-promotion for the Freight's origin when the Freight
 * is the origin's auto-promotion candidate (the newest available Freight of
 * that origin, pkg/api/auto_promotion.go SelectAutoPromotionCandidates),
 * and holds it otherwise, also when the origin has no candidate yet.
 * `options` are the Stage's Freight options, newest first.
 *
 * @public
 */
export function autoPromotionEffectOf(
  autoPromotion: AutoPromotion | undefined,
  options: ReadonlyArray<FreightOption>,
  freight: string,
): {
  effect: 'hold' | 'resume';
  origin: string;
  /** The origin's candidate (name, alias), when there is one. */
  candidate: FreightOption | null;
} | null {
  if (!autoPromotion?.enabled) return null;
  const chosen = options.find(o => o.name === freight);
  if (!chosen) return null;
  const candidate =
    options.find(o => o.origin === chosen.origin && o.available) ?? null;
  return {
    effect: candidate?.name === chosen.name ? 'resume' : 'hold',
    origin: chosen.origin,
    candidate,
  };
}
