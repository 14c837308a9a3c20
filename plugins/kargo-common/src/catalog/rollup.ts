/**
 * How bad a verification phase is for a rollup. Aborted and unknown phases
 * sit with Inconclusive: neither a known failure nor a known success.
 */
const RANK: Record<string, number> = {
  Failed: 7,
  Error: 6,
  Running: 5,
  Pending: 4,
  Inconclusive: 3,
  Aborted: 3,
  Successful: 1,
  None: 0,
};
const UNKNOWN_RANK = 2;

function rank(phase: string): number {
  return RANK[phase] ?? UNKNOWN_RANK;
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
