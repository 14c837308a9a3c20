import type {
  PromotionPhase,
  PromotionStepStatus,
  VerificationPhase,
} from '../types';

/*
 * The one place that says what each phase means. The tables are keyed by the
 * API's enums (openapi.yaml's `VerificationPhase`, `PromotionPhase` and
 * `PromotionStepStatus`), so a phase added there fails the type check here
 * until it is placed. Everything else asks these functions;
 * phaseLists.test.ts fails when a hand-written list of phases comes back
 * elsewhere.
 */

/** Where a phase stands: still going on, or how it ended. */
type Progress = 'active' | 'succeeded' | 'failed' | 'inconclusive' | 'ended';

/**
 * Verification phases (Kargo's `VerificationPhase`, Argo Rollouts'
 * `AnalysisPhase`), with how bad each is for a rollup (higher is worse).
 * `Aborted` is only written by Kargo <= 1.0; Inconclusive and Aborted rank
 * alike, as neither a known failure nor a known success.
 */
const VERIFICATION: Record<
  VerificationPhase,
  { progress: Progress; severity: number }
> = {
  Failed: { progress: 'failed', severity: 7 },
  Error: { progress: 'failed', severity: 6 },
  Running: { progress: 'active', severity: 5 },
  Pending: { progress: 'active', severity: 4 },
  Inconclusive: { progress: 'inconclusive', severity: 3 },
  Aborted: { progress: 'ended', severity: 3 },
  Successful: { progress: 'succeeded', severity: 1 },
};

/** Promotion phases (Kargo's `PromotionPhase`). */
const PROMOTION: Record<PromotionPhase, Progress> = {
  Pending: 'active',
  Running: 'active',
  Succeeded: 'succeeded',
  Failed: 'failed',
  Errored: 'failed',
  Aborted: 'ended',
};

/** How a Promotion's step ran (Kargo's `PromotionStepStatus`). */
const STEP: Record<PromotionStepStatus, Progress> = {
  Running: 'active',
  Succeeded: 'succeeded',
  Skipped: 'succeeded',
  Failed: 'failed',
  Errored: 'failed',
  Aborted: 'ended',
};

function lookUp<K extends string, V>(
  table: Record<K, V>,
  phase: string | null | undefined,
): V | undefined {
  return Object.prototype.hasOwnProperty.call(table, phase ?? '')
    ? table[phase as K]
    : undefined;
}

/**
 * The API's phase for the phase Kargo or Argo Rollouts wrote: empty means
 * `Pending` (nobody has looked at it yet). A phase newer than the API's enum
 * is passed on as it is, as Kargo's UI does, not hidden.
 */
export function verificationPhaseOf(
  written: string | null | undefined,
): VerificationPhase {
  return (written || 'Pending') as VerificationPhase;
}

/** The same for a Promotion's phase. */
export function promotionPhaseOf(
  written: string | null | undefined,
): PromotionPhase {
  return (written || 'Pending') as PromotionPhase;
}

/** A step's status as the API types it; null when it has not run. */
export function stepStatusOf(
  written: string | null | undefined,
): PromotionStepStatus | null {
  return (written || null) as PromotionStepStatus | null;
}

/**
 * Every verification phase, worst first: Failed, Error, Running, Pending,
 * Inconclusive, Aborted, Successful.
 *
 * @public
 */
export const VERIFICATION_PHASES: readonly VerificationPhase[] = (
  Object.keys(VERIFICATION) as VerificationPhase[]
).sort((a, b) => VERIFICATION[b].severity - VERIFICATION[a].severity);

/**
 * Verification phases after which nothing changes any more (Kargo's
 * `VerificationPhase.IsTerminal`).
 */
export const TERMINAL_PHASES: readonly VerificationPhase[] =
  VERIFICATION_PHASES.filter(p => VERIFICATION[p].progress !== 'active');

/**
 * True for a terminal verification phase. Unknown and empty phases are not
 * terminal, as in Kargo: the run may still move.
 *
 * @public
 */
export function isTerminalPhase(phase: string | null | undefined): boolean {
  const known = lookUp(VERIFICATION, phase);
  return !!known && known.progress !== 'active';
}

/**
 * True for Pending or Running, of a verification or a Promotion (the two
 * share these names): the one test of "active".
 *
 * @public
 */
export function isActivePhase(phase: string | null | undefined): boolean {
  return lookUp(VERIFICATION, phase)?.progress === 'active';
}

/** True for a verification that failed: Failed or Error. */
export function isFailedVerificationPhase(
  phase: string | null | undefined,
): boolean {
  return lookUp(VERIFICATION, phase)?.progress === 'failed';
}

/**
 * True for a measurement a person should see to learn why a verification
 * did not succeed: Failed, Error or Inconclusive.
 */
export function isFailedMeasurementPhase(
  phase: string | null | undefined,
): boolean {
  const progress = lookUp(VERIFICATION, phase)?.progress;
  return progress === 'failed' || progress === 'inconclusive';
}

/**
 * How bad a verification phase is for a rollup (higher is worse); undefined
 * for a phase the API does not know.
 */
export function verificationSeverity(
  phase: string | null | undefined,
): number | undefined {
  return lookUp(VERIFICATION, phase)?.severity;
}

/**
 * True for a Promotion phase after which Kargo no longer changes the
 * Promotion (Kargo's `PromotionPhase.IsTerminal`): Succeeded, Failed,
 * Errored, Aborted.
 *
 * @public
 */
export function isTerminalPromotionPhase(
  phase: string | null | undefined,
): boolean {
  const known = lookUp(PROMOTION, phase);
  return !!known && known !== 'active';
}

/**
 * True for a Promotion that ended in failure (Failed or Errored): the ones a
 * person may retry.
 *
 * @public
 */
export function isFailedPromotionPhase(
  phase: string | null | undefined,
): boolean {
  return lookUp(PROMOTION, phase) === 'failed';
}

/** True for a Promotion that ended other than successfully: Failed, Errored or Aborted. */
export function isUnsuccessfulPromotionPhase(
  phase: string | null | undefined,
): boolean {
  const progress = lookUp(PROMOTION, phase);
  return progress === 'failed' || progress === 'ended';
}

/**
 * True for a step that ended its Promotion other than successfully: Failed,
 * Errored or Aborted.
 */
export function isUnsuccessfulStepStatus(
  status: string | null | undefined,
): boolean {
  const progress = lookUp(STEP, status);
  return progress === 'failed' || progress === 'ended';
}
