import { MAX_UPSTREAM_STAGES } from '../promotion/upstreamStages';
import { boundedStage, MAX_REQUESTED_FREIGHT } from '../stage/boundedStage';
import type { FreightRequest, Stage } from '../types';
import {
  buildPipelineGraph,
  freightRequestsOf,
  MAX_EDGE_ORIGINS,
} from './graph';

// Issue 35, attack 18. A Stage's detail serves `requestedFreight` as
// freightRequestsOf reads it: the first 100 requests (boundedStage), each
// with the first 300 distinct upstream names (upstreamStagesOf), so up to
// 30,000 (origin, upstream) pairs per Stage. Kargo's Stage webhook refuses
// only an origin requested twice: 100 distinct Warehouse names (that need
// not exist) each from the same upstream Stages pass. The pipeline card
// (PipelineOverview -> buildPipelineGraph) made one edge object per pair,
// in every viewer's browser, on every change of any Stage of the project,
// and joined every edge's upstream name into the node's "from" text
// (duplicates across origins included). Measured before the fix: 120
// Stages of ~80 KB, 1,428,000 edges; 300 Stages of 206 KB, 8,970,000 edges
// (3.3 s and ~980 MB of heap). After: one edge per pair of Stages, listing
// its first 10 origins: 14,280 and 89,700 edges (for the 300, in one run on
// a loaded machine: 8.0 s and 932 MB of heap before, 0.5 s and 38 MB after).

/** Stage `s<i>` of project p requesting `origins` Warehouses, each from all `names`. */
function stageRequestingAll(
  i: number,
  origins: number,
  names: string[],
): Stage {
  return {
    metadata: { name: `s${i}`, namespace: 'p' },
    spec: {
      requestedFreight: Array.from({ length: origins }, (_, o) => ({
        origin: { kind: 'Warehouse', name: `w${o}` },
        sources: { stages: names, direct: o === 0 },
      })),
    },
  } as unknown as Stage;
}

/** The Stages as their details serve them (kargo-common stage/detail.ts). */
function asServed(stages: Stage[]) {
  return stages.map(s => ({
    name: s.metadata!.name!,
    requestedFreight: freightRequestsOf(boundedStage(s)),
  }));
}

describe('the pipeline graph of Stages with many origins (issue 35, attack 18)', () => {
  it('draws one edge per pair of Stages whatever the origins: 120 Stages requesting 100 Warehouses each from all the others make 14,280 edges (it was 1,428,000)', () => {
    const N = 120;
    const names = Array.from({ length: N }, (_, i) => `s${i}`);
    const served = asServed(
      names.map((_, i) => stageRequestingAll(i, 100, names)),
    );
    expect(served[0].requestedFreight).toHaveLength(100);

    const graph = buildPipelineGraph(served);
    const fromStages = graph.edges.filter(e => e.from.kind === 'stage');
    expect(fromStages).toHaveLength(N * (N - 1));
    expect(new Set(fromStages.map(e => `${e.from.name}->${e.to}`)).size).toBe(
      N * (N - 1),
    );
    // Each lists the first distinct origins it carries, in request order.
    expect(fromStages[0].origins).toEqual(
      Array.from({ length: MAX_EDGE_ORIGINS }, (_, o) => `Warehouse/w${o}`),
    );
    // One edge from the one Warehouse each Stage takes Freight from directly.
    const fromOrigins = graph.edges.filter(e => e.from.kind === 'origin');
    expect(fromOrigins).toHaveLength(N);
    expect(graph.origins).toEqual(['Warehouse/w0']);
  });

  it(`caps the upstream Stages of a Stage at ${MAX_UPSTREAM_STAGES} across all its requests, and its origin edges at the ${MAX_REQUESTED_FREIGHT} requests read`, () => {
    // 100 requests, each from 300 other Stages of the project's 30,000
    // names: up to 30,000 distinct upstream Stages, one edge each.
    const upstream = Array.from(
      { length: MAX_REQUESTED_FREIGHT * MAX_UPSTREAM_STAGES },
      (_, i) => `u${i}`,
    );
    const requests: FreightRequest[] = Array.from(
      { length: 2 * MAX_REQUESTED_FREIGHT },
      (_, r) => ({
        origin: `Warehouse/w${r}`,
        direct: true,
        stages: upstream.slice(
          (r % MAX_REQUESTED_FREIGHT) * MAX_UPSTREAM_STAGES,
          ((r % MAX_REQUESTED_FREIGHT) + 1) * MAX_UPSTREAM_STAGES,
        ),
        requiredSoakTime: null,
      }),
    );
    const stages = [
      { name: 'prod', requestedFreight: requests },
      ...upstream.map(name => ({ name, requestedFreight: [] })),
    ];
    const graph = buildPipelineGraph(stages);
    const toProd = graph.edges.filter(e => e.to === 'prod');
    expect(toProd.filter(e => e.from.kind === 'stage')).toHaveLength(
      MAX_UPSTREAM_STAGES,
    );
    expect(toProd.filter(e => e.from.kind === 'origin')).toHaveLength(
      MAX_REQUESTED_FREIGHT,
    );
    expect(graph.edges.length).toBeLessThanOrEqual(
      stages.length * (MAX_UPSTREAM_STAGES + MAX_REQUESTED_FREIGHT),
    );
    // The upstream Stages past the cap are neither drawn nor listed hidden.
    const prod = graph.nodes.find(n => n.stage.name === 'prod')!;
    expect(prod.hiddenUpstream).toEqual([]);
  });
});
