import { shuffled } from '@kargo-backstage/kargo-test-objects';
import { KARGO_LABELS } from '../constants';
import type { AnalysisRun, Stage, VerificationEntry } from '../types';
import { deriveVerificationHistory } from './deriveHistory';
import { shownVerificationsOf } from './shownHistory';
import {
  ODD_TIMES,
  sortedByParsingTimes,
} from '../__testUtils__/sortedByParsingTimes';

// Issue 35, attack 18: the verification history of a Stage is derived from
// every run of the Stage (runs the status no longer records included) and
// sorted whole, then cut to the newest 200 shown. A project member creates
// runs (and writes their status: no status subresource) labelled for their
// Stage, within the Stage's 32 MB budget (a minimal run is ~200
// characters). Listed by name, their start times are in no order: the
// comparator parsed both start times (Date.parse via toMillis) on every
// comparison, a full N log N of parses per build of the Stage, and again as
// the upstream history of each Stage downstream.
//
// Measured (Date.parse per derivation):
//   before: 20,000 runs: 519,402 (100,000 runs: ~1 s per derivation).
//   after:  20,000 runs: 20,000 (each start time parsed once; the sort
//           compares numbers).

const run = (name: string, startedAt: string | undefined): AnalysisRun =>
  ({
    metadata: {
      name,
      namespace: 'p',
      labels: { [KARGO_LABELS.stage]: 's' },
    },
    status: {
      phase: 'Successful',
      ...(startedAt === undefined ? {} : { startedAt }),
    },
  } as unknown as AnalysisRun);

function runs(n: number): AnalysisRun[] {
  const minutes = shuffled(n);
  return Array.from({ length: n }, (_, i) =>
    run(
      `s.${String(i).padStart(8, '0')}`,
      new Date(Date.UTC(2026, 0, 1) + minutes[i] * 60_000).toISOString(),
    ),
  );
}

const stage = {
  metadata: { name: 's', namespace: 'p' },
  spec: {},
  status: {},
} as unknown as Stage;

/** The order the history had before: a comparator parsing both times. */
const sortedAsBefore = (history: VerificationEntry[]) =>
  sortedByParsingTimes(
    history,
    e => e.startTime,
    e => e.analysisRun?.name ?? '',
    'last',
  );

describe('the sort of a Stage verification history (issue 35, attack 18)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('parses each start time once to derive the history of 20,000 runs listed in no order', () => {
    const N = 20_000;
    const analysisRuns = runs(N);
    const parse = jest.spyOn(Date, 'parse');
    const history = deriveVerificationHistory({ stage, analysisRuns });
    expect(history).toHaveLength(N);
    expect(history[0].analysisRun?.name).toBe(
      analysisRuns.reduce((a, b) =>
        a.status!.startedAt! > b.status!.startedAt! ? a : b,
      ).metadata!.name,
    );
    // Before: 519,402.
    expect(parse).toHaveBeenCalledTimes(N);
    expect(shownVerificationsOf(stage, history)).toHaveLength(200);
  });

  it('orders the history as before: newest first, then by run name, undated ones last', () => {
    const odd = [
      ...ODD_TIMES.map(([name, time]) => run(`s.${name}`, time)),
      run('s.f', '1970-01-01T00:00:00Z'),
      run('s.g', '2025-12-31T23:59:59Z'),
    ];
    const small = deriveVerificationHistory({ stage, analysisRuns: odd });
    expect(small.map(e => e.analysisRun?.name)).toEqual([
      's.c',
      's.b',
      's.a',
      's.g',
      's.f',
      's.e',
      's.d',
    ]);
    const history = deriveVerificationHistory({
      stage,
      analysisRuns: [...odd, ...runs(2_000)],
    });
    const before = sortedAsBefore(history);
    expect(history).toHaveLength(before.length);
    history.forEach((entry, i) => expect(entry).toBe(before[i]));
  });
});
