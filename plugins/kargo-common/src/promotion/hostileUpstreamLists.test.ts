import { collection, freight, stage } from '../__testUtils__/builders';
import { buildProjectStages, type ProjectLists } from '../stage/project';
import type { AnalysisRun, Freight } from '../types';

// Attack 10 on issue 35: what a Stage's upstream lists cost, counted
// (never timed), and the warnings its shortened history must keep.

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

describe('upstream lists a project member writes (issue 35, attack 10)', () => {
  beforeEach(() => {
    mockCounts.warnings = 0;
  });

  it('reads at most 1,000 entries of a list of one upstream name repeated 300,000 times, for each Freight option', () => {
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
    reads = 0;
    const built = build({ stages: [s], freight: manyFreight(20) });
    expect(built[0].detail.error).toBeNull();
    expect(built[0].detail.freightOptions).toHaveLength(20);
    // Once whole, to measure the Stage against its budget; then 20 options
    // and the upstream lookup, 1,000 entries each at most (it was the whole
    // list each time: 6.3 million entries).
    expect(reads).toBeLessThanOrEqual(L + 25 * 1_000);
  });

  it('gives a Stage at most 300 upstream histories across all its requests, however many each names', () => {
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
    const built = build({ stages: [s], freight: manyFreight(20) });
    expect(built[0].detail.error).toBeNull();
    expect(built[0].detail.freightOptions).toHaveLength(20);
    // 300 upstream histories x 20 options (it was 150,000 x 20).
    expect(mockCounts.warnings).toBeLessThanOrEqual(20 * 300);
    expect(mockCounts.warnings).toBeGreaterThan(0);
  });

  it('keeps the re-verification warning (akuity/kargo#5144) when the upstream success is older than the newest 200 entries', () => {
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
    expect(warned(250)).toBe(1);
  });
});
