import {
  isTerminalPhase,
  type Stage,
  type VerificationInfo,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoClusterClient } from '@kargo-backstage/plugin-kargo-node';
import { pollUntil } from './shared';

/** Where a new verification stands, with the AnalysisRun's live phase. */
export interface VerificationProgress {
  id: string | null;
  phase: string;
}

/**
 * The live phase of a verification: its AnalysisRun's phase, since Kargo's
 * recorded phase can stay Running after the run has ended (the stale-entry
 * bug). A verification without a run (no `spec.verification`) keeps its
 * recorded phase.
 */
async function livePhase(
  cluster: KargoClusterClient,
  project: string,
  info: VerificationInfo,
): Promise<string> {
  const runName = info.analysisRun?.name;
  if (!runName) return info.phase || 'Pending';
  try {
    const run = await cluster.getAnalysisRun(
      info.analysisRun?.namespace || project,
      runName,
    );
    return run.status?.phase || info.phase || 'Pending';
  } catch {
    // The run may not be readable yet (or was garbage collected): fall back
    // to what Kargo recorded rather than failing the wait.
    return info.analysisRun?.phase || info.phase || 'Pending';
  }
}

function currentInfo(stage: Stage): VerificationInfo | undefined {
  return stage.status?.freightHistory?.[0]?.verificationHistory?.[0];
}

/**
 * Waits until Kargo has started a verification other than `previousId` (it
 * gives the repeated verification a new id) and that verification has ended.
 */
export async function waitForNewVerification(options: {
  cluster: KargoClusterClient;
  project: string;
  stage: string;
  previousId: string;
  timeoutMs: number;
  intervalMs: number;
  signal?: AbortSignal;
}): Promise<{ progress: VerificationProgress; finished: boolean }> {
  const { cluster, project, stage, previousId } = options;
  const { value, finished } = await pollUntil<VerificationProgress>({
    read: async () => {
      const info = currentInfo(await cluster.getStage(project, stage));
      if (!info?.id || info.id === previousId) {
        return { id: null, phase: 'Pending' };
      }
      return { id: info.id, phase: await livePhase(cluster, project, info) };
    },
    done: p => p.id !== null && isTerminalPhase(p.phase),
    timeoutMs: options.timeoutMs,
    intervalMs: options.intervalMs,
    signal: options.signal,
  });
  return { progress: value, finished };
}
