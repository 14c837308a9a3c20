import { buildProjectP } from '../__testUtils__/projectBuild';
import type { Stage } from '../types';
import { MAX_COLLECTION_RECORDS, MAX_STATUS_COLLECTIONS } from './collections';
import { deriveVerificationHistory } from './deriveHistory';
import { MAX_SHOWN_VERIFICATIONS } from './shownHistory';

// Issue 35, attack 12. Attack 11 capped the collections of a status read
// at MAX_STATUS_COLLECTIONS (100; Kargo keeps 10), but each collection's
// `verificationHistory` (Kargo keeps 10) and `items` (Kargo writes one per
// origin) were read whole, and one build of a Stage walks its status four
// or five times (collectionsOfStage: the history, the held Freight of a
// shown history cut at 200, and currentCollectionOf for the current
// Freight, the options and the actions), sorting every collection's item
// keys each time. A 1.5 MB Stage object (what etcd stores at most) of
// 100,000 recorded verifications was 500,000 records walked and a
// 100,000-entry history derived per build (20 such Stages: ~3.9 s). Now a
// collection's first MAX_COLLECTION_RECORDS (100) verifications and its
// 100 smallest item keys are read.

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
  it('reads the first 100 of 100,000 recorded verifications of one collection per walk, and derives 100 entries (it derived 100,000)', () => {
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

    expect(MAX_COLLECTION_RECORDS).toBe(100);
    expect(built.detail.verifications).toHaveLength(MAX_COLLECTION_RECORDS);
    // No longer cut at MAX_SHOWN_VERIFICATIONS: the held Freight not read.
    expect(MAX_COLLECTION_RECORDS).toBeLessThan(MAX_SHOWN_VERIFICATIONS);
    expect(walked.calls).toBe(4);
    expect(walked.records).toBe(4 * 100);
    // The newest (Kargo's order: newest first) are the ones read.
    const history = deriveVerificationHistory({ stage });
    expect(history).toHaveLength(100);
    expect(history.map(v => v.id)).toContain('0');
    expect(history.map(v => v.id)).not.toContain('100');
  });

  it('keeps the 100 smallest item keys of each of 100 collections x 1,100 items (it kept and sorted all 110,000, four times per build)', () => {
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
    expect(walked.items).toBe(4 * 100 * 100);
  });
});
