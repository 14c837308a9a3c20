import { verificationSeverity } from '../phases/phaseSets';

/**
 * How bad a verification phase is for a rollup: phaseSets' severity; `None`
 * (no verification) is best, an unknown phase sits just above Successful.
 */
const NONE_RANK = 0;
const UNKNOWN_RANK = 2;

function rank(phase: string): number {
  if (phase === 'None') return NONE_RANK;
  return verificationSeverity(phase) ?? UNKNOWN_RANK;
}

/**
 * The worst of several verification phases, for an entity that rolls up its
 * Stages: Failed, Error, Running, Pending, Inconclusive, Aborted, any other
 * phase, Successful, None. `None` for no phases at all.
 *
 * @public
 */
export function worstVerificationPhase(phases: string[]): string {
  let worst = 'None';
  for (const phase of Array.isArray(phases) ? phases : []) {
    if (phase && rank(phase) > rank(worst)) worst = phase;
  }
  return worst;
}
