import type {
  ActionAvailability,
  Stage,
  StageActions,
  VerificationEntry,
  VerificationInfo,
} from '../types';
import { isTerminalPhase } from './terminalPhases';
import { asArray } from '../util/objects';
import { formatClock } from '../util/time';
import { currentCollectionOf } from './collections';
import {
  effectiveVerificationPhase,
  isAbortedRecord,
  livePhaseOf,
} from './phases';

const allowed: ActionAvailability = { allowed: true, reason: null };
const denied = (reason: string): ActionAvailability => ({
  allowed: false,
  reason,
});

const NO_VERIFICATION = 'This Stage has no verification configured';
const NO_FREIGHT = 'No Freight has been promoted to this Stage yet';
const NOT_VERIFIED = 'The current Freight has not been verified yet';
const NO_ID =
  'Kargo recorded the current verification without an id (an implicit verification), so it cannot be repeated or aborted; promote the Freight again instead';

/**
 * The live phase of the recorded verification: from its derived entry (whose
 * AnalysisRun's live phase wins over the record), else the record itself.
 */
function phaseOf(vi: VerificationInfo, verifications: VerificationEntry[]) {
  const runName = vi.analysisRun?.name;
  const entry = asArray(verifications).find(v =>
    vi.id ? v.id === vi.id : !!runName && v.analysisRun?.name === runName,
  );
  return entry ? effectiveVerificationPhase(entry) : livePhaseOf(vi.phase);
}

function runningReason(phase: string, vi: VerificationInfo): string {
  const since = formatClock(vi.startTime);
  const state = phase === 'Pending' ? 'pending' : 'running';
  return `Verification is still ${state}${
    since ? ` (started ${since})` : ''
  }; abort it or wait for it to finish`;
}

/**
 * What a person may do with the Stage's verification, and why not.
 *
 * Reverify follows Kargo's API (`ReverifyStageFreight`) on the current
 * collection's newest recorded verification, using its live phase: it is
 * allowed when the Stage has `spec.verification`, the verification has an id
 * and its run is terminal. Entries anywhere else, stale or not, never block
 * it (Kargo's UI blocks on any Running/Pending record of any collection).
 * Abort is allowed when that verification has an id and is not terminal.
 * Neither is allowed while a Promotion runs (Kargo would ignore them).
 *
 * @public
 */
export function deriveStageActions(
  stage: Stage,
  verifications: VerificationEntry[],
): StageActions {
  const hasVerification = !!stage?.spec?.verification;
  // Kargo's controller does nothing with verification while a Promotion
  // runs, and the Promotion then records a new collection: a request made
  // now would be silently dropped.
  const promotion = stage?.status?.currentPromotion?.name;
  if (promotion && hasVerification) {
    const reason = `Kargo does not verify while Promotion ${promotion} is running; wait for it to finish`;
    return { reverify: denied(reason), abort: denied(reason) };
  }
  const current = currentCollectionOf(stage);
  if (!current) {
    return {
      reverify: denied(hasVerification ? NO_FREIGHT : NO_VERIFICATION),
      abort: denied(hasVerification ? NO_FREIGHT : NO_VERIFICATION),
    };
  }
  const vi = current.verifications[0];
  if (!vi) {
    const reason = hasVerification ? NOT_VERIFIED : NO_VERIFICATION;
    return { reverify: denied(reason), abort: denied(reason) };
  }
  const phase = phaseOf(vi, verifications);
  const terminal = isTerminalPhase(phase);

  let reverify: ActionAvailability = allowed;
  if (!hasVerification) reverify = denied(NO_VERIFICATION);
  else if (!vi.id) reverify = denied(NO_ID);
  else if (!terminal) reverify = denied(runningReason(phase, vi));

  let abort: ActionAvailability = allowed;
  if (isAbortedRecord(vi)) {
    abort = denied('The current verification was already aborted');
  } else if (terminal) {
    abort = denied(
      hasVerification
        ? `The current verification already finished (${phase}); there is nothing to abort`
        : NO_VERIFICATION,
    );
  } else if (!vi.id) abort = denied(NO_ID);
  return { reverify, abort };
}
