/**
 * What users ask of a Promotion through annotations: Kargo's own abort
 * request, and the sandbox's hold (a test's way to keep one Running).
 */
import { KubeObject } from '../kube/store';

/**
 * Promotion annotation that keeps it Running at its current step until the
 * annotation is removed (any value but "false"): lets a test or a demo
 * abort a Promotion that is really running. @public
 */
export const PROMOTION_HOLD_ANNOTATION = 'sandbox.kargo.io/promotion-hold';

/** Kargo's `AnnotationKeyAbort`. */
const ABORT_ANNOTATION = 'kargo.akuity.io/abort';

export function holdsPromotion(promo: KubeObject): boolean {
  const v = promo.metadata.annotations?.[PROMOTION_HOLD_ANNOTATION];
  return v !== undefined && v !== 'false';
}

/**
 * The abort request on a Promotion, parsed as Kargo does
 * (`AbortPromotionAnnotationValue`): JSON `{action, actor}` or the plain
 * action. Only `terminate` is an action Kargo knows.
 */
export function abortRequestOf(
  promo: KubeObject,
): { actor?: string } | undefined {
  const raw = promo.metadata.annotations?.[ABORT_ANNOTATION];
  if (!raw) return undefined;
  let request: { action?: unknown; actor?: unknown } = { action: raw };
  try {
    const parsed = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') request = parsed;
  } catch {
    // Not JSON: the value is the action itself.
  }
  if (request.action !== 'terminate') return undefined;
  return typeof request.actor === 'string' && request.actor
    ? { actor: request.actor }
    : {};
}
