import { buildPipelineGraph, type GraphStage } from './graph';

// Attack 19 (issue 35): attack 18's fix bounds the pipeline graph to
// Stages x 400 edges, but what makes an edge is one name in one request,
// so the bound is reached by tiny Stages: one request naming 298 others
// (~2 KB of spec each). 4,000 such Stages (8 MB in all, inside the
// project's 512 MB budget, which allows 8,192 Stages) make 1,192,000 edges,
// built again in every viewer's browser on each change of any Stage of the
// project (PipelineOverview's useMemo on the Stages). As documented
// ("at most Stages x 400 edges"): the cost is linear in Stages, so this is
// of the order of merely drawing 4,000 Stage cards (a low).
// Measured (node 22, this machine, buildPipelineGraph alone, warm):
//   1,000 Stages x 1 request x 298 upstream: 298,000 edges, 0.27 s
//   4,000 Stages x 1 request x 298 upstream: 1,192,000 edges, 1.25 s
//   1,000 Stages x 100 requests x 298 upstream (180 KB each): 1.4 s
//   300 Stages x 100 requests x 298 upstream: 89,400 edges, 0.55-0.87 s

function tinyStages(count: number, upstream: number): GraphStage[] {
  const names = Array.from({ length: count }, (_, i) => `s${i}`);
  return names.map((name, i) => ({
    name,
    requestedFreight: [
      {
        origin: 'Warehouse/w',
        direct: false,
        stages: names.filter((_, j) => j !== i).slice(0, upstream),
        requiredSoakTime: null,
      },
    ],
  }));
}

describe('the pipeline graph of many tiny Stages (attack 19)', () => {
  it('makes 298 edges per ~2 KB Stage: 400 Stages, 119,200 edges', () => {
    const stages = tinyStages(400, 298);
    const spec = JSON.stringify(stages[0].requestedFreight).length;
    expect(spec).toBeLessThan(2_500);
    const graph = buildPipelineGraph(stages);
    expect(graph.edges).toHaveLength(400 * 298);
  });
});
