import {
  MAX_UPSTREAM_STAGES,
  upstreamStagesOf,
} from '../promotion/upstreamStages';
import { MAX_REQUESTED_FREIGHT } from '../stage/boundedStage';
import type { FreightRequest, Stage, StageSummary } from '../types';
import { originKey } from '../promotion/freightAvailability';
import { asArray } from '../util/objects';
import { internText, type Interner } from '../util/interner';
import { entryTime } from '../verification/entryText';

/** Characters of an origin's name (a Warehouse's, a Kubernetes name). */
const MAX_ORIGIN_NAME = 253;
/**
 * Origins an edge between two Stages lists. Kargo's pipelines carry a few;
 * a project member may request 100 Warehouses, each from the same upstream
 * Stages (issue 35, attack 18).
 */
export const MAX_EDGE_ORIGINS = 10;

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

/**
 * One arrow of the pipeline: from an origin, or from an upstream Stage, to
 * the Stage that takes Freight from it. One per pair, whatever the number of
 * requests it serves.
 *
 * @public
 */
export interface PipelineEdge {
  from: PipelineEndpoint;
  /** A Stage name. */
  to: string;
  /**
   * The origins (`Warehouse/x`) whose Freight comes along this edge: the
   * first 10 distinct, in request order (an origin edge: its own).
   */
  origins: string[];
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
 * requests its Freight, one per pair whatever the origins it carries.
 * Upstream Stages not among `stages` are listed on the node instead of
 * drawn. Of each Stage, reads the first 100 requests (as a Stage's detail
 * serves them) and their first 300 distinct upstream names (as its build
 * reads their histories): at most Stages x (300 + 100) edges. Never loops
 * on a cycle (Kargo refuses them, but a graph is drawn from whatever the
 * cluster holds): a cycle's Stages get a column bounded by the number of
 * Stages.
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
    const { drawn, missing } = edgesTo(name, stage, byName, origins);
    for (const edge of drawn) edges.push(edge);
    upstreamOf.set(
      name,
      drawn.flatMap(edge =>
        edge.from.kind === 'stage' ? [edge.from.name] : [],
      ),
    );
    hidden.set(name, missing.sort());
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
 * The edges to Stage `name`: one per origin it takes Freight from directly,
 * one per upstream Stage shown, in request order; and the upstream Stages
 * it names that are not shown. An edge per origin and upstream Stage made
 * 100 x 299 per Stage for 100 Warehouses each requested from the same 299
 * Stages: 9 million edges, 1 GB in each viewer's browser (issue 35, attack
 * 18). Upstream names are keyed alone, never joined with an origin (a
 * 20,000-character origin was copied into one key per upstream Stage,
 * attack 16). Adds the direct origins to `origins`.
 */
function edgesTo(
  name: string,
  stage: GraphStage,
  byName: ReadonlyMap<string, unknown>,
  origins: Set<string>,
): { drawn: PipelineEdge[]; missing: string[] } {
  const drawn: PipelineEdge[] = [];
  const missing: string[] = [];
  const direct = new Set<string>();
  const fromStage = new Map<string, PipelineEdge>();
  // Distinct upstream names read, its own included (upstreamStagesOfStage).
  const named = new Set<string>();
  // Edges to a Stage that may list one more origin.
  let open = 0;
  const requests = stage.requestedFreight ?? [];
  const end = Math.min(requests.length, MAX_REQUESTED_FREIGHT);
  for (let r = 0; r < end; r++) {
    const { origin, stages: upstreams } = requests[r];
    if (requests[r].direct && !direct.has(origin)) {
      direct.add(origin);
      origins.add(origin);
      drawn.push({
        from: { kind: 'origin', name: origin },
        to: name,
        origins: [origin],
      });
    }
    // No name read from here on adds an edge or an origin to one.
    if (named.size >= MAX_UPSTREAM_STAGES && open === 0) continue;
    for (const upstream of upstreams) {
      const edge = fromStage.get(upstream);
      if (edge) {
        if (
          edge.origins.length < MAX_EDGE_ORIGINS &&
          !edge.origins.includes(origin)
        ) {
          edge.origins.push(origin);
          if (edge.origins.length === MAX_EDGE_ORIGINS) open--;
        }
      } else if (!named.has(upstream) && named.size < MAX_UPSTREAM_STAGES) {
        named.add(upstream);
        if (upstream === name) continue;
        if (!byName.has(upstream)) {
          missing.push(upstream);
          continue;
        }
        const added: PipelineEdge = {
          from: { kind: 'stage', name: upstream },
          to: name,
          origins: [origin],
        };
        fromStage.set(upstream, added);
        drawn.push(added);
        open++;
      }
    }
  }
  return { drawn, missing };
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
