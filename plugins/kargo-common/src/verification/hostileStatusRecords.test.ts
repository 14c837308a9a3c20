import { buildProjectP } from '../__testUtils__/projectBuild';
import type { Stage } from '../types';
import { MAX_STATUS_COLLECTIONS } from './collections';
import { deriveVerificationHistory } from './deriveHistory';
import { MAX_SHOWN_VERIFICATIONS } from './shownHistory';

// Issue 35, attack 12 (demonstration: asserts the current behaviour).
// Attack 11 capped the collections of a status read at
// MAX_STATUS_COLLECTIONS (100; Kargo keeps 10) because "a project member who
// writes stages/status writes as many as the API server takes, and every
// Stage build walks them". Each collection's `verificationHistory` (Kargo
// keeps 10) and `items` (Kargo writes one per origin) are still read whole,
// and one build of a Stage walks its whole status four or five times
// (collectionsOfStage: the history, the held Freight of a shown history cut
// at 200, and currentCollectionOf for the current Freight, the options and
// the actions), sorting every collection's item keys each time. A Stage object
// of 1.5 MB (what etcd stores at most) is then 100,000 recorded
// verifications: 500,000 records walked and a 100,000-entry history derived
// and sorted per build. Printed on a 2-CPU machine: 20 such Stages (30 MB)
// built in ~3.9 s, 20 Stages of 100 x 1,100 items (22 MB) in ~2.5 s, where
// 20 Stages of 7,000 runs each (26 MB) take ~0.8 s; the project budget
// (512 MB) allows ~340 of them (~65 s per full build, 10 Stages between two
// turns of the event loop: ~2 s stalls), and a Freight written in a loop
// rebuilds them all on every watch application.

const walked = { calls: 0, records: 0, items: 0 };

jest.mock('./collections', () => {
  const actual = jest.requireActual('./collections');
  const count = (stage: Stage) => {
    const collections = actual.collectionsOfStage(stage);
    walked.calls++;
    for (const c of collections) {
      walked.records += c.verifications.length;
      walked.items += c.items.length;
    }
    return collections;
  };
  return {
    ...actual,
    collectionsOfStage: count,
    currentCollectionOf: (stage: Stage) =>
      count(stage).find((c: { current: boolean }) => c.current),
  };
});

function stageWithStatus(name: string, status: unknown): Stage {
  return {
    metadata: { name, namespace: 'p' },
    spec: {
      requestedFreight: [
        {
          origin: { kind: 'Warehouse', name: 'w' },
          sources: { direct: true },
        },
      ],
    },
    status,
  } as unknown as Stage;
}

/** One collection of `records` recorded verifications `{"id":"<n>"}`. */
function recordsStage(records: number): Stage {
  return stageWithStatus('s', {
    freightHistory: [
      {
        id: 'c',
        items: {},
        verificationHistory: Array.from({ length: records }, (_, i) => ({
          id: `${i}`,
        })),
      },
    ],
  });
}

/** `collections` collections of `items` items `{"k<n>":{}}` each. */
function itemsStage(collections: number, items: number): Stage {
  return stageWithStatus('s', {
    freightHistory: Array.from({ length: collections }, (_, c) => ({
      id: `c${c}`,
      items: Object.fromEntries(
        Array.from({ length: items }, (_unused, k) => [`k${k}`, {}]),
      ),
    })),
  });
}

beforeEach(() => {
  walked.calls = 0;
  walked.records = 0;
  walked.items = 0;
});

describe('a Stage status of many verification records or items (attack 12)', () => {
  it('walks 100,000 recorded verifications of one collection five times per build, and derives each as an entry', () => {
    const stage = recordsStage(100_000);
    // Within what etcd stores as one object (1.5 MiB), one collection of
    // the MAX_STATUS_COLLECTIONS read.
    expect(JSON.stringify(stage).length).toBeLessThan(1.5 * 2 ** 20);
    expect(MAX_STATUS_COLLECTIONS).toBe(100);

    const started = performance.now();
    const [built] = buildProjectP({ stages: [stage] });
    process.stdout.write(
      `100,000 records: build ${(performance.now() - started).toFixed(0)} ms\n`,
    );

    expect(built.detail.verifications).toHaveLength(MAX_SHOWN_VERIFICATIONS);
    expect(walked.calls).toBe(5);
    expect(walked.records).toBe(500_000);
    // Kargo keeps 10 per collection: with the collection cap, at most 1,000.
    expect(deriveVerificationHistory({ stage })).toHaveLength(100_000);
  });

  it('reads and sorts 110,000 item keys four times per build of a Stage of 100 collections x 1,100 items', () => {
    const stage = itemsStage(100, 1_100);
    expect(JSON.stringify(stage).length).toBeLessThan(1.5 * 2 ** 20);

    const started = performance.now();
    buildProjectP({ stages: [stage] });
    process.stdout.write(
      `100 x 1,100 items: build ${(performance.now() - started).toFixed(
        0,
      )} ms\n`,
    );

    // The held Freight are not read (a history of at most 200 entries).
    expect(walked.calls).toBe(4);
    expect(walked.items).toBe(440_000);
  });
});
