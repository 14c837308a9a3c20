import type { VerificationPhase } from '../types';

/**
 * Verification phases after which nothing changes any more (Kargo's
 * `VerificationPhase.IsTerminal`). `Aborted` is only written by Kargo <= 1.0.
 *
 * @public
 */
export const TERMINAL_PHASES: readonly VerificationPhase[] = [
  'Successful',
  'Failed',
  'Error',
  'Aborted',
  'Inconclusive',
];

/**
 * True for a terminal verification phase. Unknown and empty phases are not
 * terminal, as in Kargo: the run may still move.
 *
 * @public
 */
export function isTerminalPhase(phase: string | null | undefined): boolean {
  return (TERMINAL_PHASES as readonly string[]).includes(phase ?? '');
}

/**
 * Phases in which a verification or a Promotion is still going on: Kargo's
 * `Pending` and `Running`. The one list of "active" for every package.
 *
 * @public
 */
export const ACTIVE_PHASES: readonly string[] = ['Pending', 'Running'];

/** True for Pending or Running: the one test of "active". @public */
export function isActivePhase(phase: string | null | undefined): boolean {
  return ACTIVE_PHASES.includes(phase ?? '');
}
