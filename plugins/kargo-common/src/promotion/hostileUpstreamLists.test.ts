import { collection, freight, stage } from '../__testUtils__/builders';
import { buildProjectStages, type ProjectLists } from '../stage/project';
import type { AnalysisRun, Freight, Stage } from '../types';

// Attack 10 on issue 35: what a Stage's upstream lists still cost after
// attack 9's fixes. Counted here, never timed (times are printed for the
// report only).

const mockCounts = { warnings: 0 };
jest.mock('../verification/reverifiedFailed', () => {
  const actual = jest.requireActual('../verification/reverifiedFailed');
  return {
    ...actual,
    reverificationWarningOf: (stageName: string, entries: unknown[]) => {
      mockCounts.warnings++;
      return actual.reverificationWarningOf(stageName, entries);
    },
  };
});

const NOW = '2026-12-05T21:00:00Z';

function build(lists: Partial<ProjectLists>) {
  return [
    ...buildProjectStages({
      instance: 'i',
      kargoUrl: null,
      project: 'p',
      now: NOW,
      stages: [],
      promotions: [],
      analysisRuns: [],
      freight: [],
      pullRequestsOf: () => undefined,
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

function run(
  stageName: string,
  i: number,
  freightName: string,
  phase: string,
): AnalysisRun {
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
      phase,
      startedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    },
  } as AnalysisRun;
}

describe('attack 10: upstream lists after attack 9', () => {
  beforeEach(() => {
    mockCounts.warnings = 0;
  });

  it('reads a list of one repeated upstream name whole, once per Freight option (the 300 cap counts distinct names, not entries read)', () => {
    const L = 300_000;
    const list = Array<string>(L).fill('up');
    let reads = 0;
    const counted = new Proxy(list, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const s = stage({ project: 'p', name: 'd', warehouse: 'w' });
    s.spec!.requestedFreight![0].sources = { stages: counted } as never;
    expect(JSON.stringify(s).length).toBeLessThan(1.6 * 2 ** 20);
    const t = performance.now();
    const built = build({ stages: [s], freight: manyFreight(20) });
    // eslint-disable-next-line no-console
    console.log(
      `one repeated-name Stage: ${(performance.now() - t).toFixed(
        0,
      )} ms, ${reads} entries read`,
    );
    expect(built[0].detail.error).toBeNull();
    expect(built[0].detail.freightOptions).toHaveLength(20);
    // Whole list read by each of the 20 options and the upstream lookup.
    expect(reads).toBeGreaterThanOrEqual(21 * L);
    // The same Stage without the counting proxy, timed for the report only.
    s.spec!.requestedFreight![0].sources = { stages: list } as never;
    const t2 = performance.now();
    build({ stages: [s], freight: manyFreight(20) });
    // eslint-disable-next-line no-console
    console.log(`unproxied: ${(performance.now() - t2).toFixed(0)} ms`);
  });

  it('gives a Stage as many upstream histories as distinct names across its requests: each option asks each of them', () => {
    const PER = 300;
    const REQUESTS = 500;
    const s = stage({ project: 'p', name: 'd', warehouse: 'w' });
    const first = s.spec!.requestedFreight![0];
    s.spec!.requestedFreight = [
      { ...first, sources: { stages: ['u0'] } } as never,
      ...Array.from({ length: REQUESTS }, (_, r) => ({
        origin: { kind: 'Warehouse', name: `w${r}` },
        sources: {
          stages: Array.from({ length: PER }, (_2, i) => `u${r * PER + i}`),
        },
      })),
    ] as never;
    expect(JSON.stringify(s).length).toBeLessThan(1.6 * 2 ** 20);
    const t = performance.now();
    const built = build({ stages: [s], freight: manyFreight(20) });
    // eslint-disable-next-line no-console
    console.log(
      `one many-request Stage: ${(performance.now() - t).toFixed(0)} ms, ${
        mockCounts.warnings
      } warnings decided`,
    );
    expect(built[0].detail.error).toBeNull();
    expect(built[0].detail.freightOptions).toHaveLength(20);
    // 150,000 upstream histories x 20 options.
    expect(mockCounts.warnings).toBeGreaterThanOrEqual(20 * PER * REQUESTS);
  });

  it('loses the re-verification warning (akuity/kargo#5144) when the upstream success is older than the newest 200 entries', () => {
    const all = manyFreight(2);
    const [f, other] = all;
    const fName = f.metadata!.name!;
    const up = stage({
      project: 'p',
      name: 'up',
      warehouse: 'w',
      freightHistory: [collection('w', f, [])],
    });
    const down = stage({ project: 'p', name: 'down', warehouse: 'w' });
    down.spec!.requestedFreight![0].sources = { stages: ['up'] } as never;
    const runsOf = (count: number) => [
      run('up', 0, fName, 'Successful'),
      ...Array.from({ length: count }, (_, i) =>
        run('up', 1 + i, other.metadata!.name!, 'Successful'),
      ),
      run('up', count + 1, fName, 'Failed'),
    ];
    const warned = (count: number) =>
      build({
        stages: [up, down],
        analysisRuns: runsOf(count),
        freight: all,
      })[1].detail.freightOptions!.find(o => o.name === fName)?.reverifiedFailed
        ?.length ?? 0;
    expect(warned(100)).toBe(1);
    expect(warned(250)).toBe(0);
  });

  it("indexes and sorts the project's whole Freight list again on every one-Stage build (a watch event): nothing is kept between builds", () => {
    const F = 500_000;
    const minimal: Freight[] = Array.from(
      { length: F },
      (_, i) =>
        ({
          metadata: {
            name: `f${i}`,
            namespace: 'p',
            creationTimestamp: new Date(
              Date.UTC(2026, 0, 1) + i * 1000,
            ).toISOString(),
          },
          origin: { kind: 'Warehouse', name: 'w' },
        } as Freight),
    );
    // eslint-disable-next-line no-console
    console.log(
      `Freight JSON: ${(JSON.stringify(minimal).length / 2 ** 20).toFixed(
        1,
      )} MB`,
    );
    const stages: Stage[] = Array.from({ length: 3 }, (_, i) =>
      stage({ project: 'p', name: `s${i}`, warehouse: 'w' }),
    );
    for (let round = 0; round < 2; round++) {
      const t = performance.now();
      const built = build({
        stages,
        freight: minimal,
        only: new Set(['s1']),
        projectVerdict: { verdict: null },
      } as never);
      // eslint-disable-next-line no-console
      console.log(
        `one-Stage build over ${F} Freight: ${(performance.now() - t).toFixed(
          0,
        )} ms`,
      );
      expect(built).toHaveLength(1);
      expect(built[0].detail.freightOptions![0].name).toBe(`f${F - 1}`);
    }
  });
});
