import { KARGO_LABELS } from '../constants';
import { stageLabelValue } from '../stage/labels';
import type { AnalysisRun, Stage } from '../types';
import { referencedRunKeys } from './analysisRuns';

/**
 * A project's AnalysisRuns grouped once, so that each Stage looks only at its
 * candidates instead of every run of the project (Stages x runs).
 *
 * @public
 */
export interface AnalysisRunIndex {
  /** Positions of the runs in the indexed list, by `kargo.akuity.io/stage` label. */
  readonly byLabel: ReadonlyMap<string, number[]>;
  /** Positions of the runs without a stage label, by name. */
  readonly unlabelledByName: ReadonlyMap<string, number[]>;
  readonly runs: readonly AnalysisRun[];
}

function push(map: Map<string, number[]>, key: string, index: number) {
  const list = map.get(key);
  if (list) list.push(index);
  else map.set(key, [index]);
}

/**
 * Groups runs by stage label, and the unlabelled ones by name (a Stage's
 * status may name them).
 *
 * @public
 */
export function indexAnalysisRunsByStage(
  runs: AnalysisRun[] | undefined,
): AnalysisRunIndex {
  const byLabel = new Map<string, number[]>();
  const unlabelledByName = new Map<string, number[]>();
  const list = Array.isArray(runs) ? runs : [];
  list.forEach((run, index) => {
    const name = run?.metadata?.name;
    if (!name) return; // analysisRunsOfStage never keeps a run without a name
    const label = run.metadata?.labels?.[KARGO_LABELS.stage];
    if (label === undefined) push(unlabelledByName, name, index);
    else push(byLabel, label, index);
  });
  return { byLabel, unlabelledByName, runs: list };
}

/**
 * The runs of the index that may be the Stage's, in their original order: a
 * superset of what `analysisRunsOfStage` keeps, which still decides (so
 * `analysisRunsOfStage(stage, candidateRunsOfStage(index, stage))` equals
 * `analysisRunsOfStage(stage, runs)`).
 *
 * @public
 */
export function candidateRunsOfStage(
  index: AnalysisRunIndex,
  stage: Stage,
): AnalysisRun[] {
  const stageName = stage?.metadata?.name;
  if (!stageName) return [];
  const positions = [...(index.byLabel.get(stageLabelValue(stageName)) ?? [])];
  if (index.unlabelledByName.size > 0) {
    for (const key of referencedRunKeys(stage)) {
      const name = key.slice(key.indexOf('/') + 1);
      positions.push(...(index.unlabelledByName.get(name) ?? []));
    }
  }
  // Original order (the filter keeps the first of duplicates), each once.
  return [...new Set(positions)].sort((a, b) => a - b).map(i => index.runs[i]);
}
