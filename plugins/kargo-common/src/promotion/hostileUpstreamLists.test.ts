import { stage } from '../__testUtils__/builders';
import {
  buildProjectP,
  countingReads,
  freightSecondsApart,
  labelledRun,
  stageDownstreamOf,
  stageHolding,
} from '../__testUtils__/projectBuild';

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

describe('upstream lists a project member writes (issue 35, attack 10)', () => {
  beforeEach(() => {
    mockCounts.warnings = 0;
  });

  it('reads at most 1,000 entries of a list of one upstream name repeated 300,000 times, for each Freight option', () => {
    const L = 300_000;
    const counted = countingReads(Array<string>(L).fill('up'));
    const s = stageDownstreamOf('d', counted.list);
    expect(JSON.stringify(s).length).toBeLessThan(1.6 * 2 ** 20);
    counted.reset();
    const built = buildProjectP({
      stages: [s],
      freight: freightSecondsApart(20),
    });
    expect(built[0].detail.error).toBeNull();
    expect(built[0].detail.freightOptions).toHaveLength(20);
    // Once whole, to measure the Stage against its budget; then 20 options
    // and the upstream lookup, 1,000 entries each at most (it was the whole
    // list each time: 6.3 million entries).
    expect(counted.reads()).toBeLessThanOrEqual(L + 25 * 1_000);
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
    const built = buildProjectP({
      stages: [s],
      freight: freightSecondsApart(20),
    });
    expect(built[0].detail.error).toBeNull();
    expect(built[0].detail.freightOptions).toHaveLength(20);
    // 300 upstream histories x 20 options (it was 150,000 x 20).
    expect(mockCounts.warnings).toBeLessThanOrEqual(20 * 300);
    expect(mockCounts.warnings).toBeGreaterThan(0);
  });

  it('keeps the re-verification warning (akuity/kargo#5144) when the upstream success is older than the newest 200 entries', () => {
    const all = freightSecondsApart(2);
    const [f, other] = all;
    const fName = f.metadata!.name!;
    const up = stageHolding('up', f);
    const down = stageDownstreamOf('down', ['up']);
    const runsOf = (count: number) => [
      labelledRun('up', 0, fName, 'Successful'),
      ...Array.from({ length: count }, (_, i) =>
        labelledRun('up', 1 + i, other.metadata!.name!, 'Successful'),
      ),
      labelledRun('up', count + 1, fName, 'Failed'),
    ];
    const warned = (count: number) =>
      buildProjectP({
        stages: [up, down],
        analysisRuns: runsOf(count),
        freight: all,
      })[1].detail.freightOptions!.find(o => o.name === fName)?.reverifiedFailed
        ?.length ?? 0;
    expect(warned(100)).toBe(1);
    expect(warned(250)).toBe(1);
  });
});
