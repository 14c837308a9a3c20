import type { StageSummary, VerificationEntry } from '../types';
import { effectiveVerificationPhase } from './kargoRecord';
import { isActivePhase, isFailedVerificationPhase } from '../phases/phaseSets';

/**
 * The phase of the Stage's current verification: the newest entry of the
 * current freight collection (live phase; `Failed` when a user aborted it),
 * or `None` when the current Freight has not been verified.
 *
 * @public
 */
export function currentVerificationPhase(
  verifications: VerificationEntry[],
): string {
  // Entries are newest first, so the first current one is the newest.
  const current = verifications.find(v => v.current);
  return current ? effectiveVerificationPhase(current) : 'None';
}

/**
 * How many verifications failed (Failed, Error, or aborted by a user), are
 * still running (Pending, Running) and succeeded, out of all of them.
 *
 * @public
 */
export function verificationCounts(
  verifications: VerificationEntry[],
): StageSummary['verificationCounts'] {
  const counts = { total: 0, failed: 0, running: 0, successful: 0 };
  for (const entry of verifications) {
    counts.total += 1;
    const phase = effectiveVerificationPhase(entry);
    if (isFailedVerificationPhase(phase)) counts.failed += 1;
    else if (isActivePhase(phase)) counts.running += 1;
    else if (phase === 'Successful') counts.successful += 1;
  }
  return counts;
}
