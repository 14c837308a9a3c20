import type {
  ActionAvailability,
  Stage,
  StageActions,
  VerificationEntry,
  VerificationInfo,
} from '../types';
import { isTerminalPhase, verificationPhaseOf } from '../phases/phaseSets';
import { asArray } from '../util/objects';
import { reasonMessage, type Reason } from '../reasons';
import { currentCollectionOf } from './collections';
import { effectiveVerificationPhase, isAbortedRecord } from './kargoRecord';

const allowed: ActionAvailability = { allowed: true, reason: null };
/** Not allowed: the reason as a code the UI translates, and in English. */
const denied = (reason: Reason): ActionAvailability => ({
  allowed: false,
  reason: reasonMessage(reason),
  code: reason.code,
  params: reason.params,
});

const NO_VERIFICATION: Reason = { code: 'noVerification', params: {} };
const NO_FREIGHT: Reason = { code: 'noFreight', params: {} };
const NOT_VERIFIED: Reason = { code: 'notVerified', params: {} };
const NO_ID: Reason = { code: 'implicitVerification', params: {} };

/**
 * The live phase of the recorded verification: from its derived entry (whose
 * AnalysisRun's live phase wins over the record), else the record itself.
 */
function phaseOf(vi: VerificationInfo, verifications: VerificationEntry[]) {
  const runName = vi.analysisRun?.name;
  const entry = asArray(verifications).find(v =>
    vi.id ? v.id === vi.id : !!runName && v.analysisRun?.name === runName,
  );
  return entry
    ? effectiveVerificationPhase(entry)
    : verificationPhaseOf(vi.phase);
}

function runningReason(phase: string, vi: VerificationInfo): Reason {
  const params = { startTime: vi.startTime ?? null };
  return phase === 'Pending'
    ? { code: 'verificationPending', params }
    : { code: 'verificationRunning', params };
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
    const reason: Reason = { code: 'promotionRunning', params: { promotion } };
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
    abort = denied({ code: 'alreadyAborted', params: {} });
  } else if (terminal) {
    abort = denied(
      hasVerification
        ? { code: 'alreadyFinished', params: { phase } }
        : NO_VERIFICATION,
    );
  } else if (!vi.id) abort = denied(NO_ID);
  return { reverify, abort };
}
