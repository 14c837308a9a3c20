import { ConflictError } from '@backstage/errors';
import {
  KARGO_REQUEST_ANNOTATIONS,
  analysisRunSelectorOfStage,
  deriveStageActions,
  deriveVerificationHistory,
  errorWithReason,
  reasonOf,
  type Stage,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoClusterClient } from '../types';

/** @public */
export interface VerificationRequestOptions {
  cluster: KargoClusterClient;
  project: string;
  stage: string;
  /** Who asks, recorded by Kargo on the new verification (`actor`). */
  actor?: string;
}

/** @public */
export interface VerificationRequestResult {
  /** Id of the verification Kargo is asked to repeat or abort. */
  id: string;
}

/** @public */
export type VerificationAction = 'reverify' | 'abort';

/**
 * Reads the Stage and every AnalysisRun of it, and decides with the live
 * phases (not Kargo's possibly stale recorded ones) whether the action is
 * allowed. Every write path (Kargo's API and the Kubernetes fallback)
 * decides by these rules, so each entry point refuses alike. Returns the
 * verification Kargo will act on and the Stage as read; throws
 * ConflictError with the reason when the action is not allowed now.
 *
 * @public
 */
export async function decideVerificationAction(
  cluster: KargoClusterClient,
  project: string,
  stageName: string,
  action: VerificationAction,
): Promise<{ id: string; stage: Stage }> {
  const stage = await cluster.getStage(project, stageName);
  const analysisRuns = await cluster.listAnalysisRuns(
    project,
    analysisRunSelectorOfStage(stageName),
  );
  const verifications = deriveVerificationHistory({
    stage,
    analysisRuns,
    freight: [],
  });
  const availability = deriveStageActions(stage, verifications)[action];
  if (!availability.allowed) {
    const message =
      availability.reason ??
      `Cannot ${action} verification of Stage ${stageName} now`;
    const reason = reasonOf(availability);
    throw reason
      ? errorWithReason(ConflictError, reason, { message })
      : new ConflictError(message);
  }
  // Kargo acts on the request only while its id matches the current
  // verification, so the id must be the one Kargo recorded.
  const id = stage.status?.freightHistory?.[0]?.verificationHistory?.[0]?.id;
  if (!id) {
    throw new ConflictError(
      `Stage ${stageName} has no current verification to ${action}`,
    );
  }
  return { id, stage };
}

/**
 * The Kubernetes write path: decides as {@link decideVerificationAction},
 * then annotates the Stage the way Kargo's API server does.
 */
async function requestVerificationAction(
  action: VerificationAction,
  options: VerificationRequestOptions,
): Promise<VerificationRequestResult> {
  const { cluster, project, stage: stageName, actor } = options;
  const { id, stage } = await decideVerificationAction(
    cluster,
    project,
    stageName,
    action,
  );
  const value = JSON.stringify(actor ? { id, actor } : { id });
  // resourceVersion: if the Stage changed since we decided, fail with a
  // ConflictError rather than ask Kargo about a verification we did not see.
  await cluster.patchStageAnnotations(
    project,
    stageName,
    { [KARGO_REQUEST_ANNOTATIONS[action]]: value },
    { resourceVersion: stage.metadata?.resourceVersion },
  );
  return { id };
}

/**
 * Asks Kargo to verify the Stage's current Freight again (annotation
 * `kargo.akuity.io/reverify`). Throws ConflictError when not allowed, with
 * the reason.
 *
 * @public
 */
export function reverifyStage(
  options: VerificationRequestOptions,
): Promise<VerificationRequestResult> {
  return requestVerificationAction('reverify', options);
}

/**
 * Asks Kargo to abort the Stage's running verification (annotation
 * `kargo.akuity.io/abort`). Throws ConflictError when nothing runs.
 *
 * @public
 */
export function abortVerification(
  options: VerificationRequestOptions,
): Promise<VerificationRequestResult> {
  return requestVerificationAction('abort', options);
}
