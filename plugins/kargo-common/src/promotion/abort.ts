import { KARGO_REQUEST_ANNOTATIONS } from '../constants';
import type { Promotion, Stage } from '../types';
import { reasonMessage, type Reason } from '../reasons';
import { isTerminalPromotionPhase } from '../phases/phaseSets';
import { byCodeUnits } from '../util/search';

/**
 * Whether a Promotion may be aborted; if not, why: `reason` in English and
 * the reason code.
 *
 * @public
 */
export type PromotionAbortDecision =
  | { allowed: true }
  | ({ allowed: false; reason: string } & Reason);

const denied = (why: Reason): PromotionAbortDecision => ({
  allowed: false,
  reason: reasonMessage(why),
  ...why,
});

/**
 * Whether a Promotion, as the cluster holds it, may be aborted on behalf of
 * `stage`: it must promote into that Stage and not have ended (Kargo's API
 * skips terminal Promotions; here the caller learns why instead).
 *
 * @public
 */
export function decidePromotionAbort(
  promotion: Promotion,
  stage: string,
): PromotionAbortDecision {
  const name = promotion.metadata?.name ?? '';
  if (promotion.spec?.stage !== stage) {
    return denied({
      code: 'promotionOtherStage',
      params: { promotion: name, stage },
    });
  }
  const phase = promotion.status?.phase || 'Pending';
  if (isTerminalPromotionPhase(phase)) {
    return denied({
      code: 'promotionEnded',
      params: { promotion: name, phase },
    });
  }
  return { allowed: true };
}

/**
 * The `kargo.akuity.io/abort` annotation a Promotion gets to be terminated,
 * as Kargo's API writes it (`AbortPromotionRequest{action, actor}`); the
 * controller then marks it Aborted.
 *
 * @public
 */
export function promotionAbortAnnotation(
  actor?: string,
): Record<string, string> {
  return {
    [KARGO_REQUEST_ANNOTATIONS.abort]: JSON.stringify(
      actor ? { action: 'terminate', actor } : { action: 'terminate' },
    ),
  };
}

/**
 * Whether someone already asked Kargo to abort the Promotion (the
 * annotation is set; Kargo has not acted on it yet while it is not terminal).
 *
 * @public
 */
export function hasAbortRequest(promotion: Promotion): boolean {
  return !!promotion.metadata?.annotations?.[KARGO_REQUEST_ANNOTATIONS.abort];
}

/**
 * The Promotion an abort of a Stage stops, derived from Kargo's objects
 * (never from a name a user typed): the one Kargo runs for the Stage
 * (`status.currentPromotion`) unless the listed Promotions show it ended,
 * else the Stage's newest Promotion that has not ended, a Running one
 * before a Pending one. Null when nothing runs or waits.
 *
 * @public
 */
export function abortablePromotionOf(
  stage: Stage,
  promotions: readonly Promotion[],
): string | null {
  const name = stage.metadata?.name;
  const open = promotions.filter(
    p =>
      p.spec?.stage === name &&
      !isTerminalPromotionPhase(p.status?.phase || 'Pending'),
  );
  const current = stage.status?.currentPromotion?.name;
  if (current) {
    const listed = promotions.find(p => p.metadata?.name === current);
    if (!listed || open.includes(listed)) return current;
  }
  const rank = (p: Promotion) => (p.status?.phase === 'Running' ? 0 : 1);
  const newest = (p: Promotion) =>
    `${p.metadata?.creationTimestamp ?? ''} ${p.metadata?.name ?? ''}`;
  // Running before Pending, then the newest: found in one pass (a member's
  // 100,000 Pending Promotions were sorted per abort: issue 35, attack 18).
  const before = (a: Promotion, b: Promotion) =>
    rank(a) - rank(b) || byCodeUnits(newest(b), newest(a));
  let first: Promotion | undefined;
  for (const p of open) if (!first || before(p, first) < 0) first = p;
  return first?.metadata?.name ?? null;
}
