import { KARGO_LABELS } from '../constants';
import type { AnalysisRun, Freight, Stage } from '../types';
import { MAX_STATUS_COLLECTIONS } from './collections';
import { deriveVerificationHistory } from './deriveHistory';
import { hashes } from '../__testUtils__/countedHash';

// Issue 35, attack 11: freightNameOfRun (verification/freightOfRun.ts)
// found a run's collection by `collections.find(c => c.id === label)`: a
// scan of every freight collection of the Stage's status, for every run the
// status does not record (fromRun) and every recorded one whose collection
// has no item (fromRecorded). Kargo keeps 10 collections, but a project
// member who writes stages/status (kargo-project-admin may grant itself)
// writes as many as the API server takes, and as many runs as they like,
// each labelled with a collection id that matches none: runs x collections
// (1,000 runs x 5,000 collections read 5 million ids). The collections are
// now indexed by id once per derivation, and at most
// MAX_STATUS_COLLECTIONS of the status are read; the Freight names are
// hashed once per project index, not once per run whose collection is gone.

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

jest.mock(
  '../util/hash',
  () => jest.requireActual('../__testUtils__/countedHash').countedHash,
);

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
  it('reads each collection id once per derivation, not once per run: 1,000 runs x 5,000 collections read at most 2,100 ids', () => {
    const C = 5_000;
    const R = 1_000;
    const stage = stageOf(C);
    const runs = runsOf(R);
    idReads.count = 0;
    const history = deriveVerificationHistory({ stage, analysisRuns: runs });
    expect(history).toHaveLength(R);
    // The first MAX_STATUS_COLLECTIONS ids, indexed once, and the current
    // collection's id twice per run (isCurrentRun); it was 5 million.
    expect(idReads.count).toBeLessThanOrEqual(MAX_STATUS_COLLECTIONS + 2 * R);
    expect(history.every(entry => entry.freight === null)).toBe(true);
  });

  it('hashes each of 2,000 Freight names once, not once for each of 1,000 runs whose collection is gone', () => {
    const F = 2_000;
    const R = 1_000;
    const freight = Array.from(
      { length: F },
      (_, i) => ({ metadata: { name: `f${i}`, namespace: 'p' } } as Freight),
    );
    hashes.count = 0;
    const history = deriveVerificationHistory({
      stage: stageOf(5_000),
      analysisRuns: runsOf(R),
      freight,
    });
    expect(history).toHaveLength(R);
    // It was F x R: 2 million SHA-1s.
    expect(hashes.count).toBe(F);
  });
});
