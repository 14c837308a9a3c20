import type {
  VerificationEntry,
  VerificationInfo,
  VerificationPhase,
} from '../types';

/** The message Kargo (v1.1+) writes in a verification a user aborted. */
const ABORTED_BY_USER_MESSAGE = 'Verification aborted by user';

/**
 * True when Kargo recorded the verification as aborted by a user: `Failed`
 * with Kargo's abort message (v1.1+), or the `Aborted` phase (<= v1.0).
 */
export function isAbortedRecord(vi: VerificationInfo): boolean {
  return (
    vi.phase === 'Aborted' ||
    (vi.phase === 'Failed' && vi.message === ABORTED_BY_USER_MESSAGE)
  );
}

/**
 * Whether Kargo's record of a verification disagrees with its live run.
 *
 * A user abort is the exception: Kargo writes `Failed` (or `Aborted`), sets
 * `spec.terminate` on the run and deliberately never reads it again, because
 * Argo Rollouts winds a terminated run down to whatever its measurements say
 * (often `Successful`) or takes a moment to do so. That record is a decision,
 * not an out-of-date copy, so it is never stale.
 */
export function isStaleRecord(
  vi: VerificationInfo,
  recordedPhase: string,
  livePhase: string,
): boolean {
  if (isAbortedRecord(vi)) return false;
  return recordedPhase !== livePhase;
}

/**
 * The phase to act and report on: the live phase, except that a verification
 * a user aborted counts as Kargo counts it (`Failed`, or `Aborted` from Kargo
 * <= 1.0) whatever the terminated run ended as.
 *
 * @public
 */
export function effectiveVerificationPhase(
  entry: Pick<VerificationEntry, 'phase' | 'recordedPhase' | 'aborted'>,
): VerificationPhase {
  if (entry.aborted) return entry.recordedPhase ?? 'Failed';
  return entry.phase;
}
