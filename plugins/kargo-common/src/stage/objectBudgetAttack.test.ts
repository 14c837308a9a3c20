import { freight, stage } from '../__testUtils__/builders';
import type { AnalysisRun, Freight, Stage } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import { projectObjectSizes, stageObjectSizes } from './objectBudget';
import { buildProjectStages, type ProjectLists } from './project';

// Attack 9 on issue 35's object budgets (commit 3d4f221). These tests assert
// CURRENT behaviour: what a project member can make every rebuild cost while
// every object stays far within both budgets. Times are measured by a
// throwaway script and reported, never asserted here.

const mockCounts = { indexed: 0, scanned: 0 };
jest.mock('../verification/freightOfRun', () => {
  const actual = jest.requireActual('../verification/freightOfRun');
  return {
    ...actual,
    indexFreight: (freight: unknown[] | undefined) => {
      mockCounts.indexed += Array.isArray(freight) ? freight.length : 0;
      return actual.indexFreight(freight);
    },
  };
});
jest.mock('../verification/reverifiedFailed', () => {
  const actual = jest.requireActual('../verification/reverifiedFailed');
  return {
    ...actual,
    reverificationWarnings: (
      name: string,
      upstream: Array<{ verifications: unknown[] }>,
    ) => {
      for (const u of upstream) mockCounts.scanned += u.verifications.length;
      return actual.reverificationWarnings(name, upstream);
    },
  };
});

function build(lists: Partial<ProjectLists>, sizes = new JsonSizes()) {
  return [
    ...buildProjectStages({
      instance: 'i',
      kargoUrl: null,
      project: 'p',
      now: '2026-12-05T21:00:00Z',
      stages: [],
      promotions: [],
      analysisRuns: [],
      freight: [],
      pullRequestsOf: () => undefined,
      interner: new Interner(),
      sizes,
      ...lists,
    }),
  ];
}

function manyFreight(count: number): Freight[] {
  return Array.from({ length: count }, (_, i) => {
    const f = freight('p', 'w', `seed${i}`, `a${i}`);
    f.metadata!.creationTimestamp = new Date(
      Date.UTC(2026, 0, 1) + i * 1000,
    ).toISOString();
    return f;
  });
}

/** A minimal run of `stageName` (about 200 characters of JSON). */
function run(stageName: string, i: number, freightName: string): AnalysisRun {
  return {
    metadata: {
      name: `${stageName}.${i}`,
      namespace: 'p',
      labels: {
        'kargo.akuity.io/stage': stageName,
        'kargo.akuity.io/freight': freightName,
      },
    },
    status: {
      phase: i % 2 ? 'Failed' : 'Successful',
      startedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    },
  } as AnalysisRun;
}

const projectChars = (lists: ProjectLists, sizes = new JsonSizes()) => {
  const s = projectObjectSizes(sizes, lists);
  return (
    s.stages.chars + s.promotions.chars + s.analysisRuns.chars + s.freight.chars
  );
};

describe('attack 9: costs the object budgets do not bound (current behaviour)', () => {
  beforeEach(() => {
    mockCounts.indexed = 0;
    mockCounts.scanned = 0;
  });

  it('serves a Stage within its budget as a detail larger than its Kargo objects: every verification of every run', () => {
    const R = 5_000;
    const freightList = manyFreight(20);
    const up = stage({ project: 'p', name: 'up', warehouse: 'w' });
    const runs = Array.from({ length: R }, (_, i) =>
      run('up', i, freightList[i % 20].metadata!.name!),
    );
    const sizes = new JsonSizes();
    const measured = stageObjectSizes(sizes, up, [], runs);
    const objects = measured.stage + measured.analysisRuns.chars;
    const [built] = build(
      { stages: [up], analysisRuns: runs, freight: freightList },
      sizes,
    );
    expect(built.detail.error).toBeNull();
    expect(built.detail.verifications).toHaveLength(R);
    // 1.4x its objects here; at 50,000 runs 15.9 MB served per view of one
    // Stage of 10.8 MB (a third of the default budget).
    expect(JSON.stringify(built.detail).length).toBeGreaterThan(objects);
  });

  it('derives one unlabelled AnalysisRun again for every Stage whose status names it, each keeping all of its failed metrics', () => {
    const S = 20;
    const M = 2_000;
    const f0 = freight('p', 'w', 'seed0', 'a0');
    const stages = Array.from(
      { length: S },
      (_, i) =>
        ({
          metadata: { name: `s${i}`, namespace: 'p' },
          spec: {
            requestedFreight: [
              {
                origin: { kind: 'Warehouse', name: 'w' },
                sources: { direct: true },
              },
            ],
          },
          status: {
            freightHistory: [
              {
                id: 'c1',
                items: {
                  'Warehouse/w': {
                    name: f0.metadata!.name,
                    origin: { kind: 'Warehouse', name: 'w' },
                  },
                },
                verificationHistory: [
                  {
                    id: 'v1',
                    phase: 'Failed',
                    analysisRun: { name: 'shared', namespace: 'p' },
                    startTime: '2026-12-01T00:00:00Z',
                  },
                ],
              },
            ],
          },
        } as unknown as Stage),
    );
    // No stage label: a member creates it so (analysisruns create).
    const shared = {
      metadata: { name: 'shared', namespace: 'p' },
      spec: {
        metrics: Array.from({ length: M }, (_, i) => ({ name: `m${i}` })),
      },
      status: {
        phase: 'Failed',
        startedAt: '2026-12-01T00:00:00Z',
        metricResults: Array.from({ length: M }, (_, i) => ({
          name: `m${i}`,
          phase: 'Failed',
          count: 1,
          failed: 1,
          measurements: [
            {
              phase: 'Failed',
              value: '1',
              message: `m${i} ${'x'.repeat(100)}`,
            },
          ],
        })),
      },
    } as unknown as AnalysisRun;
    const lists = {
      stages,
      freight: [f0],
      promotions: [],
      analysisRuns: [shared],
    };
    const sizes = new JsonSizes();
    const runChars = sizes.of(shared);
    // Counted once by the project, once by each Stage (each far within).
    expect(projectChars(lists, sizes)).toBeLessThan(runChars + 100_000);
    const built = build(lists, sizes);
    expect(built.filter(b => b.detail.error !== null)).toHaveLength(0);
    expect(
      built.every(b => b.detail.verifications[0]?.metrics.length === M),
    ).toBe(true);
    const details = built.reduce(
      (sum, b) => sum + JSON.stringify(b.detail).length,
      0,
    );
    // Measured: 300 Stages naming one 1.6 MB run of 7,000 failed metrics
    // (1.7 MB of objects, 0.3% of the budget): 3.2-4.7 s per rebuild,
    // 515 MB of details, 369 MB of heap kept; 3,000 Stages: ~3.7 GB.
    expect(details).toBeGreaterThan(S * runChars);
  });

  it("repeats a Stage's upstream Stage names in the reason and params of each of its 20 Freight options", () => {
    const U = 20_000;
    const big = {
      metadata: { name: 'big', namespace: 'p' },
      spec: {
        requestedFreight: [
          {
            origin: { kind: 'Warehouse', name: 'w' },
            sources: { stages: Array.from({ length: U }, (_, i) => `u${i}`) },
          },
        ],
      },
    } as unknown as Stage;
    const sizes = new JsonSizes();
    const stageChars = sizes.of(big);
    const [built] = build({ stages: [big], freight: manyFreight(20) }, sizes);
    expect(built.detail.error).toBeNull();
    expect(built.detail.freightOptions).toHaveLength(20);
    expect(
      built.detail.freightOptions!.every(o => o.reason.includes(`u${U - 1}`)),
    ).toBe(true);
    // Measured: 100,000 names (a 0.85 MB Stage): a 32.9 MB detail (15.9 MB
    // of heap), 0.6-1.5 s per build; 300 such Stages are half the project's
    // budget and would keep ~4.8 GB.
    expect(JSON.stringify(built.detail).length).toBeGreaterThan(
      30 * stageChars,
    );
  });
});
