import { KARGO_LABELS } from '../constants';
import { upstreamStagesOfStage } from '../promotion/upstreamStages';
import type { AnalysisRun, Stage } from '../types';
import {
  analysisRunsOfStage,
  runKey,
  stageLabelValue,
} from '../verification/analysisRuns';
import { collectionsOfStage } from '../verification/collections';

/** What a Stage is found by: each kept lazily, once a change asks for it. */
type Facet = 'label' | 'runs' | 'upstream';
const FACETS: Facet[] = ['label', 'runs', 'upstream'];

/** Keys to Stages; most keys have one Stage, stored as itself. */
type Bucket = Map<string, Stage | Set<Stage>>;

interface Entry {
  /** The last update that saw this object. */
  seen: number;
  keys: Partial<Record<Facet, string[]>>;
}

function add(bucket: Bucket, key: string, stage: Stage) {
  const there = bucket.get(key);
  if (there === undefined) bucket.set(key, stage);
  else if (there instanceof Set) there.add(stage);
  else if (there !== stage) bucket.set(key, new Set([there, stage]));
}

function remove(bucket: Bucket, key: string, stage: Stage) {
  const there = bucket.get(key);
  if (there === stage) bucket.delete(key);
  else if (there instanceof Set) {
    there.delete(stage);
    if (there.size === 1) bucket.set(key, there.values().next().value!);
  }
}

function stagesAt(bucket: Bucket, key: string): Stage[] {
  const there = bucket.get(key);
  if (there === undefined) return [];
  return there instanceof Set ? [...there] : [there];
}

const nameOf = (stage: Stage): string | undefined => {
  const name = stage?.metadata?.name;
  return typeof name === 'string' && name ? name : undefined;
};

const namespaceOf = (stage: Stage): string | undefined =>
  stage?.metadata?.namespace || undefined;

/**
 * The names `n` of the unlabelled runs the Stage's status names, so that a
 * run `n` of the Stage's namespace is the Stage's: `referencedRunKeys` of
 * analysisRunsOfStage, seen from the run (`<namespace>/n` is in it).
 */
function runNamesOf(stage: Stage, namespace: string): string[] {
  const names = new Set<string>();
  const prefix = `${namespace}/`;
  for (const collection of collectionsOfStage(stage)) {
    for (const vi of collection.verifications) {
      const ref = vi.analysisRun;
      if (!ref?.name) continue;
      const refNamespace = ref.namespace || namespace;
      if (refNamespace === namespace && typeof ref.name === 'string') {
        names.add(ref.name);
        continue;
      }
      // Another namespace, or names Kubernetes would refuse: the same key
      // string the rule compares.
      const key = runKey(refNamespace, ref.name);
      if (key.startsWith(prefix)) names.add(key.slice(prefix.length));
    }
  }
  return [...names];
}

function keysOf(facet: Facet, stage: Stage): string[] {
  const name = nameOf(stage);
  if (!name) return []; // a Stage without a name is no run's, nor upstream
  switch (facet) {
    case 'label':
      return [stageLabelValue(name)];
    case 'runs': {
      const namespace = namespaceOf(stage);
      return namespace ? runNamesOf(stage, namespace) : [];
    }
    default:
      return upstreamStagesOfStage(stage);
  }
}

/**
 * A project's Stages indexed by what routes a change to them, kept by its
 * owner between changes (a watch, per project) and updated by object: a
 * Stage is read again only when its object changed since the last update
 * (a watch hands out the same objects until they change). Routing an
 * unlabelled AnalysisRun then costs the changed Stages' statuses, not every
 * Stage's (issue 35, attack 11: 2,000 Stages, ~140 ms an event), and the
 * Stages downstream of one are found without reading every spec.
 *
 * - by stage label (`kargo.akuity.io/stage`, shortened as Kargo does);
 * - by the names of the runs their statuses record (unlabelled runs);
 * - by the upstream Stages their requests name (`sources.stages`, read as
 *   a build reads them: `upstreamStagesOfStage`).
 *
 * @public
 */
export class StageRoutes {
  private readonly entries = new Map<Stage, Entry>();
  private readonly buckets: Partial<Record<Facet, Bucket>> = {};
  /** Named Stages without a namespace: the rule itself decides for them. */
  private readonly unplaced = new Set<Stage>();
  private generation = 0;

  /** Brings the index to the project's Stages as they are now. */
  update(stages: Stage[]): void {
    const generation = ++this.generation;
    let seen = 0;
    for (const stage of Array.isArray(stages) ? stages : []) {
      if (!stage || typeof stage !== 'object') continue;
      let entry = this.entries.get(stage);
      if (!entry) {
        entry = { seen: 0, keys: {} };
        this.entries.set(stage, entry);
        this.enter(stage, entry);
      }
      if (entry.seen !== generation) {
        entry.seen = generation;
        seen++;
      }
    }
    if (seen === this.entries.size) return;
    for (const [stage, entry] of this.entries) {
      if (entry.seen === generation) continue;
      this.leave(stage, entry);
      this.entries.delete(stage);
    }
  }

  /**
   * The Stages of the last update the run belongs to: what
   * analysisRunsOfStage decides, asked of the Stages its label or name
   * points at.
   */
  stagesOfRun(run: AnalysisRun): Stage[] {
    const name = run?.metadata?.name;
    if (!name) return [];
    const label = run.metadata?.labels?.[KARGO_LABELS.stage];
    if (label !== undefined) {
      if (typeof label !== 'string') return [];
      // No status read for a labelled run.
      return stagesAt(this.bucket('label'), label).filter(
        s => analysisRunsOfStage(s, [run]).length > 0,
      );
    }
    const runNamespace = run.metadata?.namespace;
    const named = stagesAt(this.bucket('runs'), `${name}`).filter(s => {
      // Decided as the rule does, without reading the status again.
      const namespace = namespaceOf(s)!;
      return (runNamespace || namespace) === namespace;
    });
    const others = [...this.unplaced].filter(
      s => analysisRunsOfStage(s, [run]).length > 0,
    );
    return [...named, ...others];
  }

  /**
   * The names of the Stages whose requests name `upstream` (one level), as
   * they are read: a caller may stop early.
   */
  *downstreamOf(upstream: string): Generator<string> {
    const there = this.bucket('upstream').get(upstream);
    if (there === undefined) return;
    for (const stage of there instanceof Set ? there : [there])
      yield nameOf(stage)!;
  }

  private bucket(facet: Facet): Bucket {
    let bucket = this.buckets[facet];
    if (!bucket) {
      bucket = new Map();
      this.buckets[facet] = bucket;
      for (const [stage, entry] of this.entries)
        this.fill(facet, stage, entry, bucket);
    }
    return bucket;
  }

  private fill(facet: Facet, stage: Stage, entry: Entry, bucket: Bucket) {
    const keys = keysOf(facet, stage);
    entry.keys[facet] = keys;
    for (const key of keys) add(bucket, key, stage);
  }

  private enter(stage: Stage, entry: Entry) {
    if (nameOf(stage) && !namespaceOf(stage)) this.unplaced.add(stage);
    for (const facet of FACETS) {
      const bucket = this.buckets[facet];
      if (bucket) this.fill(facet, stage, entry, bucket);
    }
  }

  private leave(stage: Stage, entry: Entry) {
    this.unplaced.delete(stage);
    for (const facet of FACETS) {
      const bucket = this.buckets[facet];
      for (const key of entry.keys[facet] ?? []) {
        if (bucket) remove(bucket, key, stage);
      }
    }
  }
}
