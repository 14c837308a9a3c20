import { collection, freight, stage } from '../__testUtils__/builders';
import type { AnalysisRun, Freight } from '../types';
import { buildProjectStages, type ProjectLists } from './project';
import { stagesTouchedBy } from './touched';

// Issue 35, attack 11 (correctness): a demonstration asserting the CURRENT
// (wrong) behaviour.
//
// A downstream Stage's Freight options carry the akuity/kargo#5144 warning
// (verified upstream, then re-verified there with a failure), decided from
// its upstream Stages' histories when it is built. In watch mode only the
// Stages an event touches are rebuilt (stagesTouchedBy), and a run of the
// upstream Stage touches that Stage alone; Kargo changes no Freight when a
// re-verification fails (that is #5144), so nothing rebuilds the
// downstream Stage: the warning the feature exists for never appears until
// something else touches it (poll mode rebuilds everything and shows it).

function build(lists: ProjectLists, only?: ReadonlySet<string>) {
  return [
    ...buildProjectStages({
      ...lists,
      instance: 'i',
      kargoUrl: null,
      project: 'p',
      now: '2026-12-05T21:00:00Z',
      pullRequestsOf: () => undefined,
      only,
    }),
  ];
}

function run(i: number, freightName: string, phase: string): AnalysisRun {
  return {
    metadata: {
      name: `up.${i}`,
      namespace: 'p',
      labels: {
        'kargo.akuity.io/stage': 'up',
        'kargo.akuity.io/freight': freightName,
      },
    },
    status: {
      phase,
      startedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    },
  } as AnalysisRun;
}

describe('the #5144 warning in watch mode (issue 35, attack 11)', () => {
  it("a failed re-verification upstream rebuilds only the upstream Stage: the downstream Stage's option keeps no warning", () => {
    const f: Freight = freight('p', 'w', 'seed0', 'a0');
    const name = f.metadata!.name!;
    const up = stage({
      project: 'p',
      name: 'up',
      warehouse: 'w',
      freightHistory: [collection('w', f, [])],
    });
    const down = stage({ project: 'p', name: 'down', warehouse: 'w' });
    down.spec!.requestedFreight![0].sources = { stages: ['up'] } as never;
    const verified = run(0, name, 'Successful');
    const before: ProjectLists = {
      stages: [up, down],
      analysisRuns: [verified],
      promotions: [],
      freight: [f],
    };
    const warningsOf = (built: ReturnType<typeof build>) =>
      built
        .find(b => b.detail.name === 'down')
        ?.detail.freightOptions?.find(o => o.name === name)?.reverifiedFailed
        ?.length ?? 0;
    const kept = build(before);
    expect(warningsOf(kept)).toBe(0);

    // The upstream re-verification fails: one new run of `up`.
    const failed = run(1, name, 'Failed');
    const after = { ...before, analysisRuns: [verified, failed] };
    const touched = stagesTouchedBy(
      { kind: 'analysisruns', object: failed },
      after.stages,
    );
    expect([...touched]).toEqual(['up']);
    const rebuilt = build(after, touched);
    expect(rebuilt.map(b => b.detail.name)).toEqual(['up']);
    // What the model keeps for `down`: its detail from before, no warning...
    expect(warningsOf(kept)).toBe(0);
    // ... though a build of it now (poll mode, or any later event) warns.
    expect(warningsOf(build(after))).toBe(1);
  });
});
