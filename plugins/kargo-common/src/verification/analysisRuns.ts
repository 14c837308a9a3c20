import { KARGO_LABELS } from '../constants';
import { stageLabelValue } from '../stage/labels';
import type { AnalysisRun, Stage } from '../types';
import { collectionsOfStage } from './collections';

/** `namespace/name` of a run, the Stage's namespace standing in for a missing one. */
export function runKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

/** The AnalysisRuns the Stage's status names, as `namespace/name` keys. */
export function referencedRunKeys(stage: Stage): Set<string> {
  const namespace = stage?.metadata?.namespace;
  const keys = new Set<string>();
  for (const collection of collectionsOfStage(stage)) {
    for (const vi of collection.verifications) {
      const ref = vi.analysisRun;
      if (ref?.name) keys.add(runKey(ref.namespace || namespace, ref.name));
    }
  }
  return keys;
}

type Ownership = 'mine' | 'other' | 'unlabelled';

function ownership(
  run: AnalysisRun,
  stageName: string,
  expected: string,
): Ownership {
  const label = run.metadata?.labels?.[KARGO_LABELS.stage];
  if (label === undefined) return 'unlabelled';
  if (label !== expected) return 'other';
  if (expected !== stageName) {
    // A shortened label keeps only 54 characters and 32 bits of hash, so two
    // long names could share it; Kargo then writes the full name in the
    // annotation of the same key, which settles it when present.
    const full = run.metadata?.annotations?.[KARGO_LABELS.stage];
    if (full !== undefined && full !== stageName) return 'other';
  }
  return 'mine';
}

/**
 * The AnalysisRuns that verified this Stage, from a list that may hold the runs
 * of a whole namespace or cluster. A run is the Stage's when
 * - its `kargo.akuity.io/stage` label is the Stage's (shortened) label value
 *   (and, for shortened labels, the full-name annotation does not say
 *   otherwise), or
 * - it has no stage label but the Stage's status names it: runs of Kargo v0.7
 *   (labelled `kargo.akuity.io/freight`) and runs whose labels were lost.
 * A run labelled for another Stage never counts, even if named by the status,
 * and a run in another namespace never counts. Each run appears once.
 *
 * @public
 */
export function analysisRunsOfStage(
  stage: Stage,
  runs: AnalysisRun[],
): AnalysisRun[] {
  const stageName = stage?.metadata?.name;
  if (!stageName || !Array.isArray(runs)) return [];
  const namespace = stage.metadata?.namespace;
  const referenced = referencedRunKeys(stage);
  const label = stageLabelValue(stageName);
  const seen = new Set<string>();
  return runs.filter(run => {
    const name = run?.metadata?.name;
    if (!name) return false;
    const runNamespace = run.metadata?.namespace || namespace;
    if (namespace && runNamespace !== namespace) return false;
    const key = runKey(runNamespace, name);
    if (seen.has(key)) return false;
    const owner = ownership(run, stageName, label);
    const mine =
      owner === 'mine' || (owner === 'unlabelled' && referenced.has(key));
    if (mine) seen.add(key);
    return mine;
  });
}
