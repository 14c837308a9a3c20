import { KARGO_LABELS } from '../constants';
import type { AnalysisRun, Stage } from '../types';
import { deriveVerificationHistory } from './deriveHistory';

// Issue 35, attack 18: the verification history of a Stage is derived from
// every run of the Stage (runs the status no longer records included) and
// sorted whole by compareEntries (deriveHistory.ts), which parses both
// start times (Date.parse via toMillis) on every comparison; only then is it
// cut to the newest 200 shown. A project member creates runs (and writes
// their status: no status subresource) labelled for their Stage, within the
// Stage's 32 MB budget (a minimal run is ~200 characters). Listed by name,
// their start times are in no order: a full N log N sort per build of the
// Stage, and again as the upstream history of each Stage downstream.

/** A deterministic shuffle of 0..n-1. */
function shuffled(n: number): number[] {
  const order = Array.from({ length: n }, (_, i) => i);
  let seed = 12345;
  for (let i = n - 1; i > 0; i--) {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const j = seed % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

function runs(n: number, ordered = false): AnalysisRun[] {
  // Newest first in list order when `ordered` (the sort is then one pass).
  const minutes = ordered
    ? Array.from({ length: n }, (_, i) => n - i)
    : shuffled(n);
  return Array.from(
    { length: n },
    (_, i) =>
      ({
        metadata: {
          name: `s.${String(i).padStart(8, '0')}`,
          namespace: 'p',
          labels: { [KARGO_LABELS.stage]: 's' },
        },
        status: {
          phase: 'Successful',
          startedAt: new Date(
            Date.UTC(2026, 0, 1) + minutes[i] * 60_000,
          ).toISOString(),
        },
      } as unknown as AnalysisRun),
  );
}

const stage = {
  metadata: { name: 's', namespace: 'p' },
  spec: {},
  status: {},
} as unknown as Stage;

describe('the sort of a Stage verification history (issue 35, attack 18)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('parses ~2 N log2 N start times to derive the history of 20,000 runs', () => {
    const N = 20_000;
    const analysisRuns = runs(N);
    const parse = jest.spyOn(Date, 'parse');
    const history = deriveVerificationHistory({ stage, analysisRuns });
    expect(history).toHaveLength(N);
    const parses = parse.mock.calls.length;
    // eslint-disable-next-line no-console
    console.log(`${N} runs: ${parses} Date.parse per derivation`);
    // One parse per run would be 20,000.
    expect(parses).toBeGreaterThan(20 * N);
  });

  it('takes about a second per derivation at 100,000 runs (printed)', () => {
    const N = 100_000;
    const analysisRuns = runs(N);
    const chars = JSON.stringify(analysisRuns).length;
    const started = Date.now();
    const history = deriveVerificationHistory({ stage, analysisRuns });
    const took = Date.now() - started;
    expect(history).toHaveLength(N);
    const inOrder = runs(N, true);
    const orderedStarted = Date.now();
    deriveVerificationHistory({ stage, analysisRuns: inOrder });
    const orderedTook = Date.now() - orderedStarted;
    // eslint-disable-next-line no-console
    console.log(
      `${N} runs (${(chars / 2 ** 20).toFixed(
        1,
      )} Mi characters of the Stage's 32 Mi): ${took} ms per derivation (${orderedTook} ms when listed newest first)`,
    );
  });
});
