import { boundedStage } from '../stage/boundedStage';
import type { Stage } from '../types';
import { buildPipelineGraph, freightRequestsOf } from './graph';

// Issue 35, attack 18. A Stage's detail serves `requestedFreight` as
// freightRequestsOf reads it: the first 100 requests (boundedStage), each
// with the first 300 distinct upstream names (upstreamStagesOf), so up to
// 30,000 (origin, upstream) pairs per Stage. Kargo's Stage webhook refuses
// only an origin requested twice: 100 distinct Warehouse names (that need
// not exist) each from the same upstream Stages pass. The pipeline card
// (PipelineOverview -> buildPipelineGraph) then makes one edge object per
// pair, in every viewer's browser: Stages x origins x upstreams edges, and
// the card joins every edge's upstream name into the node's "from" text
// (duplicates across origins included).

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
        sources: { stages: names },
      })),
    },
  } as unknown as Stage;
}

describe('the pipeline graph of Stages with many origins (issue 35, attack 18)', () => {
  it('draws Stages x 100 origins x upstreams edges: 120 Stages of 100 KB each make 1.4 million edge objects', () => {
    const N = 120;
    const names = Array.from({ length: N }, (_, i) => `s${i}`);
    const stages = names.map((_, i) => stageRequestingAll(i, 100, names));
    const stageChars = JSON.stringify(stages[0]).length;
    // As the detail serves them (kargo-common stage/detail.ts).
    const graphStages = stages.map(s => ({
      name: s.metadata!.name!,
      requestedFreight: freightRequestsOf(boundedStage(s)),
    }));
    const served = graphStages[0].requestedFreight.reduce(
      (n, r) => n + r.stages.length,
      0,
    );
    const started = Date.now();
    const graph = buildPipelineGraph(graphStages);
    const took = Date.now() - started;
    // eslint-disable-next-line no-console
    console.log(
      `${N} Stages of ${stageChars} chars (${served} upstream names served each): ` +
        `${graph.edges.length} edges built in ${took} ms`,
    );
    // Measured: 120 x 100 x 119 = 1,428,000 edges (per 300 Stages: 9 million),
    // where the pipeline shows 120 x 119 distinct Stage-to-Stage arrows at most.
    expect(graph.edges.length).toBe(N * 100 * (N - 1));
  });
});
