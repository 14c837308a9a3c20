import { KARGO_LABELS } from '../constants';
import { sha256Hex } from '../util/hash';
import type { AnalysisRun, Stage } from '../types';
import { collectionsOfStage } from './collections';

// Which AnalysisRuns belong to a Stage is decided here, and only here.

const MAX_LABEL_VALUE = 63;
const SHORT_HASH_LENGTH = 8;

/**
 * The value Kargo writes in an AnalysisRun's `kargo.akuity.io/stage` label for
 * a Stage: Kargo's `kubernetes.ShortenLabelValue` (`strings.HashShorten` with
 * max 63, separator `-`, 8 hex digits). Names of at most 63 characters are
 * unchanged; longer ones become the first 54 characters with trailing dashes
 * trimmed, `-`, and the first 8 hex digits of the SHA-256 of the whole name.
 *
 * @public
 */
export function stageLabelValue(stageName: string): string {
  if (stageName.length <= MAX_LABEL_VALUE) return stageName;
  const hash = sha256Hex(stageName).slice(0, SHORT_HASH_LENGTH);
  const prefix = stageName
    .slice(0, MAX_LABEL_VALUE - (SHORT_HASH_LENGTH + 1))
    .replace(/-+$/, '');
  return `${prefix}-${hash}`;
}

/** `namespace/name` of a run, the Stage's namespace standing in for a missing one. */
export function runKey(namespace: string | undefined, name: string): string {
  return `${namespace ?? ''}/${name}`;
}

/** The AnalysisRuns the Stage's status names, as `namespace/name` keys. */
function referencedRunKeys(stage: Stage): Set<string> {
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
  // Read only for a run without a stage label (rare since Kargo v0.8).
  let referenced: Set<string> | undefined;
  const label = stageLabelValue(stageName);
  // Runs are in the Stage's namespace when it has one: keyed by name alone
  // then, with no key string built per run.
  const seen = new Set<string>();
  return runs.filter(run => {
    const name = run?.metadata?.name;
    if (!name) return false;
    const runNamespace = run.metadata?.namespace || namespace;
    if (namespace && runNamespace !== namespace) return false;
    const seenKey = namespace ? `${name}` : runKey(runNamespace, name);
    if (seen.has(seenKey)) return false;
    const owner = ownership(run, stageName, label);
    const mine =
      owner === 'mine' ||
      (owner === 'unlabelled' &&
        (referenced ??= referencedRunKeys(stage)).has(
          runKey(runNamespace, name),
        ));
    if (mine) seen.add(seenKey);
    return mine;
  });
}

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

/**
 * The Stages of a list an AnalysisRun belongs to (its label narrows them
 * before the rule decides).
 *
 * @public
 */
export function stagesOfAnalysisRun(
  run: AnalysisRun,
  stages: Stage[],
): Stage[] {
  const label = run?.metadata?.labels?.[KARGO_LABELS.stage];
  const candidates =
    label === undefined
      ? stages
      : stages.filter(s => stageLabelValue(s?.metadata?.name ?? '') === label);
  return candidates.filter(s => analysisRunsOfStage(s, [run]).length > 0);
}

/**
 * The name of the Stage a run names itself: the full-name annotation when
 * Kargo had to shorten the label (names over 63 characters), else the label.
 *
 * @public
 */
export function stageNameOfAnalysisRun(run: AnalysisRun): string | undefined {
  return (
    run?.metadata?.annotations?.[KARGO_LABELS.stage] ??
    run?.metadata?.labels?.[KARGO_LABELS.stage]
  );
}

/**
 * The label selector that lists a Stage's labelled runs from the cluster
 * (`analysisRunsOfStage` still decides: it also keeps unlabelled runs the
 * Stage's status names).
 *
 * @public
 */
export function analysisRunSelectorOfStage(stageName: string): string {
  return `${KARGO_LABELS.stage}=${stageLabelValue(stageName)}`;
}
