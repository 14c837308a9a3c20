import { KARGO_LABELS } from '../constants';
import type { AnalysisRun, Stage } from '../types';
import { deriveVerificationHistory } from './deriveHistory';

// Issue 35, attack 11: a demonstration asserting the CURRENT (bad) behaviour.
//
// freightNameOfRun (verification/freightOfRun.ts) finds a run's collection
// by `collections.find(c => c.id === label)`: a scan of every freight
// collection of the Stage's status, for every run the status does not
// record (fromRun) and every recorded one whose collection has no item
// (fromRecorded). Kargo keeps 10 collections, but a project member who
// writes stages/status (kargo-project-admin may grant itself) writes as
// many as the API server takes, and as many runs as they like, each
// labelled with a collection id that matches none: runs x collections.

const idReads = { count: 0 };

jest.mock('./collections', () => {
  const actual = jest.requireActual('./collections');
  return {
    ...actual,
    // Counts the reads of each collection's `id` (what the scan compares).
    collectionsOfStage: (stage: Stage) =>
      actual.collectionsOfStage(stage).map(
        (c: object) =>
          new Proxy(c, {
            get(target, key, receiver) {
              if (key === 'id') idReads.count++;
              return Reflect.get(target, key, receiver);
            },
          }),
      ),
  };
});

function stageOf(collections: number): Stage {
  return {
    metadata: { name: 's', namespace: 'p' },
    spec: {},
    status: {
      // `{"id":"c12345"}`: 15 characters of JSON per collection.
      freightHistory: Array.from({ length: collections }, (_, i) => ({
        id: `c${i}`,
      })),
    },
  } as unknown as Stage;
}

function runsOf(count: number): AnalysisRun[] {
  return Array.from(
    { length: count },
    (_, i) =>
      ({
        metadata: {
          name: `s.${i}`,
          namespace: 'p',
          labels: {
            [KARGO_LABELS.stage]: 's',
            [KARGO_LABELS.freightCollection]: 'nowhere',
          },
        },
        status: { phase: 'Successful' },
      } as AnalysisRun),
  );
}

describe('verification history of a Stage of many collections (issue 35, attack 11)', () => {
  it('compares every run with every collection of the status: 1,000 runs x 5,000 collections read 5 million collection ids', () => {
    const C = 5_000;
    const R = 1_000;
    const stage = stageOf(C);
    const runs = runsOf(R);
    idReads.count = 0;
    const history = deriveVerificationHistory({ stage, analysisRuns: runs });
    expect(history).toHaveLength(R);
    // Every run scanned the whole list (plus the few reads elsewhere).
    expect(idReads.count).toBeGreaterThanOrEqual(R * C);

    // Unproxied, at sizes the API server and the Stage's budget allow
    // (printed, not asserted): 90,000 collections are a 1.4 MB status.
    const bigStage = stageOf(90_000);
    const bigRuns = runsOf(2_000);
    // eslint-disable-next-line no-console
    console.log(
      `status ${JSON.stringify(bigStage).length} chars, runs ` +
        `${JSON.stringify(bigRuns).length} chars`,
    );
    jest.isolateModules(() => {
      jest.unmock('./collections');
      const { deriveVerificationHistory: derive } = jest.requireActual(
        './deriveHistory',
      ) as typeof import('./deriveHistory');
      const started = Date.now();
      derive({ stage: bigStage, analysisRuns: bigRuns });
      // eslint-disable-next-line no-console
      console.log(
        `90,000 collections x 2,000 runs: ${
          Date.now() - started
        } ms per derivation`,
      );
    });
  });
});
