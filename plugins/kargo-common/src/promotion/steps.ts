import type { Promotion, PromotionStepState } from '../types';
import {
  isUnsuccessfulPromotionPhase,
  isUnsuccessfulStepStatus,
  stepStatusOf,
} from '../phases/phaseSets';
import { clip, MAX_MESSAGE } from './stepView';

/** Longest alias or step kind kept (as the step views). */
const MAX_TEXT = 200;

/** The state of step `index` of a Promotion, from its spec and execution metadata. */
function stepState(
  promotion: Promotion,
  index: number,
): PromotionStepState | null {
  const step = promotion.spec?.steps?.[index];
  const meta = promotion.status?.stepExecutionMetadata?.[index];
  if (!step && !meta) return null;
  return {
    alias: clip(meta?.alias || step?.as || `step-${index + 1}`, MAX_TEXT),
    uses: clip(step?.uses, MAX_TEXT) ?? null,
    status: stepStatusOf(meta?.status),
    message: clip(meta?.message, MAX_MESSAGE) ?? null,
    startedAt: meta?.startedAt ?? null,
  };
}

/**
 * The step a Promotion failed at: the last step recorded as Failed, Errored
 * or Aborted, else (Kargo < v1.1, no metadata) the step it stopped at.
 */
export function failedStepOf(promotion: Promotion): PromotionStepState | null {
  const phase = promotion.status?.phase;
  if (!isUnsuccessfulPromotionPhase(phase)) return null;
  const meta = promotion.status?.stepExecutionMetadata ?? [];
  for (let i = meta.length - 1; i >= 0; i--) {
    if (isUnsuccessfulStepStatus(meta[i]?.status)) {
      const state = stepState(promotion, i)!;
      return {
        ...state,
        message:
          state.message ?? clip(promotion.status?.message, MAX_MESSAGE) ?? null,
      };
    }
  }
  const at = promotion.status?.currentStep;
  if (typeof at !== 'number') return null;
  const state = stepState(promotion, at);
  return (
    state && {
      ...state,
      message:
        state.message ?? clip(promotion.status?.message, MAX_MESSAGE) ?? null,
    }
  );
}

/** The step a Running Promotion is at. */
export function currentStepOf(promotion: Promotion): PromotionStepState | null {
  if (promotion.status?.phase !== 'Running') return null;
  return stepState(promotion, promotion.status?.currentStep ?? 0);
}

/**
 * Promotions shown and walked of a Stage, newest first: the newest 100, and
 * the newest running one besides. Kargo spares 20 finished ones per Stage
 * once two weeks old (akuity/kargo v1.11.2 pkg/garbage/collector.go), but a
 * promoter may queue thousands: 5,000 of a template of 200 Git steps took
 * 3.5 s to walk per rebuild, and made a 117 MB detail. Only the newest
 * running one is exempt: Kargo runs one Promotion of a Stage at a time, and
 * a status claiming more (a project admin may grant themselves
 * promotions/status) must not undo the cap.
 */
export const MAX_SHOWN_PROMOTIONS = 100;

/** The Promotions of a Stage (newest first) within `MAX_SHOWN_PROMOTIONS`. */
export function shownPromotionsOf(own: Promotion[]): Promotion[] {
  if (own.length <= MAX_SHOWN_PROMOTIONS) return own;
  const runningOne = own.find(promotion => currentStepOf(promotion) !== null);
  return own.filter(
    (promotion, index) =>
      index < MAX_SHOWN_PROMOTIONS || promotion === runningOne,
  );
}
