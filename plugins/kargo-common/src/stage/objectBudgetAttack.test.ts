import { freight, stage } from '../__testUtils__/builders';
import type { AnalysisRun, Freight, Stage, StageDetail } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import {
  DEFAULT_OBJECT_BUDGETS,
  projectObjectSizes,
  stageObjectSizes,
} from './objectBudget';
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

  it("indexes all of a project's Freight several times for each of its Stages: Stages x Freight per rebuild, within both budgets", () => {
    const N = 100;
    const F = 1_000;
    const stages = Array.from({ length: N }, (_, i) =>
      stage({ project: 'p', name: `s${i}`, warehouse: 'w' }),
    );
    const freightList = manyFreight(F);
    const lists = {
      stages,
      freight: freightList,
      promotions: [],
      analysisRuns: [],
    };
    // 0.7 MB of objects: 0.13% of the project's budget; each Stage 2 KB.
    expect(projectChars(lists)).toBeLessThan(
      DEFAULT_OBJECT_BUDGETS.projectChars / 500,
    );
    const built = build(lists);
    expect(built.filter(b => b.detail.error !== null)).toHaveLength(0);
    // Every Stage indexes every Freight at least twice (its options' current
    // artifacts, its own verification history), and filters and sorts them
    // all for its options: 200,000 Map entries here for 1,000 Freight.
    // Measured (throwaway script, this shape grown): 200 Stages x 5,000
    // Freight (3 MB) 4.5-5.5 s per rebuild; 1,000 Stages x 10,000 Freight
    // (6.7 MB, 1.3% of the budget) 40 s per rebuild, and a change to any
    // Freight rebuilds every Stage of the project (stage/touched.ts).
    expect(mockCounts.indexed).toBeGreaterThanOrEqual(2 * N * F);
  });

  it("scans an upstream Stage's whole verification history for each option of each downstream Stage, which no downstream budget counts", () => {
    const D = 50;
    const R = 2_000;
    const freightList = manyFreight(20);
    const up = stage({ project: 'p', name: 'up', warehouse: 'w' });
    const downs: Stage[] = Array.from({ length: D }, (_, i) => {
      const s = stage({ project: 'p', name: `d${i}`, warehouse: 'w' });
      s.spec!.requestedFreight![0].sources = { stages: ['up'] } as never;
      return s;
    });
    const runs = Array.from({ length: R }, (_, i) =>
      run('up', i, freightList[i % 20].metadata!.name!),
    );
    const sizes = new JsonSizes();
    // Each downstream Stage is 2 KB of its budget; the upstream's runs
    // count only towards the upstream's own budget.
    const downSize = stageObjectSizes(sizes, downs[0], [], []);
    expect(downSize.stage + downSize.analysisRuns.chars).toBeLessThan(4_000);
    const built = build(
      { stages: [up, ...downs], analysisRuns: runs, freight: freightList },
      sizes,
    );
    expect(built.filter(b => b.detail.error !== null)).toHaveLength(0);
    const down = built.find(b => b.detail.name === 'd0')!.detail;
    expect(down.freightOptions).toHaveLength(20);
    // D x 20 options x R entries: 2,000,000 here. Measured: 200 downstream
    // Stages of one upstream with 50,000 runs (10.8 MB, a third of its
    // budget) 18 s per rebuild of the project (0.5 s for d0 alone).
    expect(mockCounts.scanned).toBe(D * 20 * R);
  });

  it("builds each of a project's minimal Stages into a detail over 100 times its JSON: the project's budget counts what is read, not what is kept", () => {
    const N = 500;
    const stages = Array.from(
      { length: N },
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
        } as Stage),
    );
    const lists = {
      stages,
      freight: manyFreight(20),
      promotions: [],
      analysisRuns: [],
    };
    const objects = projectChars(lists);
    const built = build(lists);
    expect(built.filter(b => b.detail.error !== null)).toHaveLength(0);
    const details = built.reduce(
      (sum, b) => sum + JSON.stringify(b.detail).length,
      0,
    );
    // 145 characters a Stage, ~19 KB a detail (20 Freight options with
    // their availability). Measured: 20,000 such Stages (2.8 MB, 0.5% of
    // the budget) 4-5 s per rebuild and 407 MB of heap kept (372 MB of
    // JSON); 100,000 (14 MB) would keep ~2 GB.
    expect(details).toBeGreaterThan(100 * objects);
  });

  it("skips the budget check of a Stage now over its budget on a pull-request rebuild when its detail before was within it (project.ts 'reusable')", () => {
    const freightList = manyFreight(20);
    const s = stage({ project: 'p', name: 's', warehouse: 'w' });
    const [before] = build({ stages: [s], freight: freightList });
    expect(before.detail.error).toBeNull();
    // The same objects, now over a (tiny) Stage budget: as after a member
    // grew the Stage between its last full build and a pull-request one.
    const rebuild = (builtBefore?: () => StageDetail) =>
      [
        ...buildProjectStages({
          instance: 'i',
          kargoUrl: null,
          project: 'p',
          now: '2026-12-05T21:00:00Z',
          stages: [s],
          promotions: [],
          analysisRuns: [],
          freight: freightList,
          pullRequestsOf: () => undefined,
          budgets: { stageChars: 100, projectChars: 2 ** 30 },
          builtBefore,
        }),
      ][0].detail;
    expect(rebuild().error).toMatch(/too large to show/);
    // Walked again, and built in full when a pull-request part fails
    // (withPullRequests undefined), with no budget check either way.
    expect(rebuild(() => before.detail).error).toBeNull();
  });

  it('looks every object of the project up again to rebuild one touched Stage', () => {
    const R = 10_000;
    let lookups = 0;
    class CountingSizes extends JsonSizes {
      of(value: unknown): number {
        lookups++;
        return super.of(value);
      }
    }
    const sizes = new CountingSizes();
    const runs = Array.from({ length: R }, (_, i) =>
      run(`x${i % 100}`, i, 'f'),
    );
    const tiny = {
      metadata: { name: 's', namespace: 'p' },
      spec: { requestedFreight: [] },
    } as unknown as Stage;
    build({ stages: [tiny], analysisRuns: runs }, sizes);
    lookups = 0;
    // The Stage changed (a watch event): only it is rebuilt.
    const touched = {
      ...tiny,
      metadata: { ...tiny.metadata, annotations: { n: '1' } },
    } as Stage;
    const [rebuilt] = [
      ...buildProjectStages({
        instance: 'i',
        kargoUrl: null,
        project: 'p',
        now: '2026-12-05T21:00:00Z',
        stages: [touched],
        promotions: [],
        analysisRuns: runs,
        freight: [],
        pullRequestsOf: () => undefined,
        sizes,
        only: new Set(['s']),
      }),
    ];
    expect(rebuilt.detail.error).toBeNull();
    // Measured: 500,000 such runs (56 MB, 11% of the budget): 74-78 ms of
    // each one-Stage rebuild (a watch batch is 20 ms) is this sum, 3x the
    // run index; ~700 ms at the budget's 4.6 million minimal objects.
    expect(lookups).toBeGreaterThan(R);
  });
});
