import { upstreamStagesOf } from '../promotion/upstreamStages';
import type { FreightRequest, Stage, StageSummary } from '../types';
import { originKey } from '../promotion/freightAvailability';
import { asArray } from '../util/objects';
import { internText, type Interner } from '../util/interner';
import { entryTime } from '../verification/entryText';

/** Characters of an origin's name (a Warehouse's, a Kubernetes name). */
const MAX_ORIGIN_NAME = 253;

/**
 * A Stage's `spec.requestedFreight` in the plugin's words: one entry per
 * origin, with the upstream Stages it takes verified Freight from. Each
 * origin is the interner's copy, when given (a detail kept for long).
 *
 * @public
 */
export function freightRequestsOf(
  stage: Stage,
  interner?: Interner,
): FreightRequest[] {
  return asArray(stage.spec?.requestedFreight).flatMap(request => {
    // A Warehouse is a Kubernetes name: a longer origin, or one that is no
    // string, names none.
    const name: unknown = request?.origin?.name;
    if (
      name !== undefined &&
      (typeof name !== 'string' || name.length > MAX_ORIGIN_NAME)
    )
      return [];
    const sources = request?.sources;
    return {
      origin: internText(originKey(request?.origin), interner),
      direct: sources?.direct === true,
      // The first 300 distinct: the list is a project member's to grow.
      stages: upstreamStagesOf(sources).stages,
      requiredSoakTime: entryTime(sources?.requiredSoakTime),
    };
  });
}

/** @public */
export type PipelineEndpoint =
  | { kind: 'origin'; name: string }
  | { kind: 'stage'; name: string };

/** @public */
export interface PipelineEdge {
  from: PipelineEndpoint;
  /** A Stage name. */
  to: string;
  /** The origin the Freight on this edge comes from (`Warehouse/x`). */
  origin: string;
}

/** @public */
export interface PipelineNode<S> {
  stage: S;
  /**
   * Column in a left-to-right layout: 0 for Stages fed only by origins,
   * else one more than the deepest upstream Stage shown.
   */
  column: number;
  /** Upstream Stages it names that are not part of this graph. */
  hiddenUpstream: string[];
}

/** @public */
export interface PipelineGraph<S> {
  /** Ordered by column, then by name. */
  nodes: PipelineNode<S>[];
  edges: PipelineEdge[];
  /** Origins (`Warehouse/x`) some Stage takes Freight from directly. */
  origins: string[];
}

/**
 * What the pipeline graph reads of a Stage.
 *
 * @public
 */
export type GraphStage = Pick<StageSummary, 'name' | 'requestedFreight'>;

/**
 * The pipeline of the given Stages as Kargo's UI draws it: an edge from each
 * upstream Stage (and from the origin, for direct sources) to the Stage that
 * requests its Freight. Upstream Stages not among `stages` are listed on the
 * node instead of drawn. Never loops on a cycle (Kargo refuses them, but a
 * graph is drawn from whatever the cluster holds): a cycle's Stages get a
 * column bounded by the number of Stages.
 *
 * @public
 */
export function buildPipelineGraph<S extends GraphStage>(
  stages: readonly S[],
): PipelineGraph<S> {
  const byName = new Map<string, S>();
  for (const stage of stages) {
    if (!byName.has(stage.name)) byName.set(stage.name, stage);
  }
  const edges: PipelineEdge[] = [];
  const origins = new Set<string>();
  const upstreamOf = new Map<string, string[]>();
  const hidden = new Map<string, string[]>();
  for (const [name, stage] of byName) {
    // Upstream Stages shown per origin: keyed by each, never by a string
    // joining both (a 20,000-character origin was copied into one key per
    // upstream Stage: 40 million characters hashed, issue 35, attack 16).
    const shown = new Map<string, Set<string>>();
    const upstreams = new Set<string>();
    const missing = new Set<string>();
    for (const request of stage.requestedFreight ?? []) {
      if (request.direct) {
        origins.add(request.origin);
        edges.push({
          from: { kind: 'origin', name: request.origin },
          to: name,
          origin: request.origin,
        });
      }
      for (const upstream of request.stages) {
        if (!byName.has(upstream) || upstream === name) {
          if (upstream !== name) missing.add(upstream);
          continue;
        }
        let ofOrigin = shown.get(request.origin);
        if (!ofOrigin) shown.set(request.origin, (ofOrigin = new Set()));
        if (ofOrigin.has(upstream)) continue;
        ofOrigin.add(upstream);
        upstreams.add(upstream);
        edges.push({
          from: { kind: 'stage', name: upstream },
          to: name,
          origin: request.origin,
        });
      }
    }
    upstreamOf.set(name, [...upstreams]);
    hidden.set(name, [...missing].sort());
  }
  const columns = columnsOf(upstreamOf);
  const nodes = [...byName].map(([name, stage]) => ({
    stage,
    column: columns.get(name) ?? 0,
    hiddenUpstream: hidden.get(name) ?? [],
  }));
  nodes.sort(
    (a, b) => a.column - b.column || a.stage.name.localeCompare(b.stage.name),
  );
  return { nodes, edges, origins: [...origins].sort() };
}

/**
 * Longest-path depth of each Stage, in topological order (Kahn): each edge
 * read once. Relaxing all edges once per Stage took 11 s in the browser for
 * a project member's 1,000 Stages each taking Freight from all before it
 * (500,000 edges). A Stage on a cycle, or downstream of one, never settles:
 * it gets the bound, the number of Stages (Kargo refuses cycles, but a graph
 * is drawn from whatever the cluster holds).
 */
function columnsOf(upstreamOf: Map<string, string[]>): Map<string, number> {
  const bound = upstreamOf.size;
  const columns = new Map<string, number>();
  const waiting = new Map<string, number>();
  const downstreamOf = new Map<string, string[]>();
  const ready: string[] = [];
  for (const [name, upstream] of upstreamOf) {
    const known = [...new Set(upstream)].filter(u => upstreamOf.has(u));
    waiting.set(name, known.length);
    for (const u of known) {
      const list = downstreamOf.get(u);
      if (list) list.push(name);
      else downstreamOf.set(u, [name]);
    }
    if (known.length === 0) ready.push(name);
  }
  for (const name of ready) columns.set(name, 0);
  while (ready.length > 0) {
    const name = ready.pop()!;
    const column = columns.get(name)!;
    for (const next of downstreamOf.get(name) ?? []) {
      columns.set(next, Math.max(columns.get(next) ?? 0, column + 1));
      const left = waiting.get(next)! - 1;
      waiting.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  for (const name of upstreamOf.keys()) {
    if (waiting.get(name)! > 0) columns.set(name, bound);
  }
  return columns;
}
