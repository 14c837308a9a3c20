import { buildProjectP } from '../__testUtils__/projectBuild';
import { StageRoutes } from '../stage/stageRoutes';
import type { AnalysisRun, Stage } from '../types';
import { collectionsOfStage, MAX_COLLECTION_RECORDS } from './collections';

// Issue 35, attack 13. Attack 12 capped a status collection's items at its
// MAX_COLLECTION_RECORDS (100) smallest keys, but every key of the `items`
// map is still read to select them (itemsOf: Object.keys of the whole map,
// then smallestN over all of it), and collectionsOfStage reads every
// collection's items whatever its caller wants (most want only the
// verifications, or the current collection): one build of a Stage walks
// its status four times (the history, the current Freight, the options,
// the actions), eight when the project has an unlabelled run
// (referencedRunKeys: the run candidates twice, for the budget and for the
// build, and the run filter twice), and the watch's routing index once
// more (StageRoutes reads the run names of a changed Stage's status, and
// builds its items too). Kargo writes one item per requested origin; a
// project member writing stages/status writes as many as etcd stores in
// one object (1.5 MiB): 130,000 keys `{"<key>":{}}` (every FreightReference
// field is `omitempty`, so `{}` is a valid item).
//
// CURRENT (bad) behaviour: each walk reads all 130,000 keys, 8 walks per
// build and 1 per routing, so 1,170,000 keys per event of such a Stage
// (~50-65 ms per walk on this machine: ~0.35-0.5 s per build; ~300 such
// Stages fit the 512 Mi project budget, minutes per full build), though 100
// are kept.

const read = { calls: 0, items: 0 };

jest.mock('../util/smallest', () => {
  const actual = jest.requireActual('../util/smallest');
  return {
    ...actual,
    smallestN: (items: unknown[], n: number, compare: never) => {
      // The item keys of a collection (Object.keys of its `items`).
      if (Array.isArray(items) && typeof items[0] === 'string') {
        read.calls++;
        read.items += items.length;
      }
      return actual.smallestN(items, n, compare);
    },
  };
});

const KEYS = 130_000;

/**
 * Stage `s` whose current collection names `KEYS` items (keys in
 * descending order) and records one verification by the unlabelled run `r`.
 */
function manyItemsStage(): Stage {
  const items: Record<string, object> = {};
  for (let i = KEYS; i > 0; i--) items[i.toString(36).padStart(4, '0')] = {};
  return {
    metadata: { name: 's', namespace: 'p' },
    spec: {
      requestedFreight: [
        {
          origin: { kind: 'Warehouse', name: 'w' },
          sources: { direct: true },
        },
      ],
    },
    status: {
      freightHistory: [
        {
          id: 'c',
          items,
          verificationHistory: [
            { id: 'v', phase: 'Successful', analysisRun: { name: 'r' } },
          ],
        },
      ],
    },
  } as unknown as Stage;
}

const unlabelledRun = {
  metadata: { name: 'r', namespace: 'p', labels: {} },
  status: { phase: 'Successful' },
} as unknown as AnalysisRun;

beforeEach(() => {
  read.calls = 0;
  read.items = 0;
});

describe('a Stage status collection of 130,000 item keys (attack 13)', () => {
  it('reads all 130,000 item keys in each of the 8 walks of one build and in the routing index, to keep 100', () => {
    const stage = manyItemsStage();
    // What etcd stores as one object at most.
    expect(JSON.stringify(stage).length).toBeLessThan(1.5 * 2 ** 20);

    // One walk keeps 100 items, but reads every key.
    expect(collectionsOfStage(stage)[0].items).toHaveLength(
      MAX_COLLECTION_RECORDS,
    );
    expect(read.items).toBe(KEYS);
    read.calls = 0;
    read.items = 0;

    const started = performance.now();
    const [built] = buildProjectP({
      stages: [stage],
      analysisRuns: [unlabelledRun],
    });
    process.stdout.write(
      `130,000 item keys: build ${(performance.now() - started).toFixed(
        0,
      )} ms\n`,
    );
    expect(built.detail.name).toBe('s');
    expect(built.detail.verifications).toHaveLength(1);
    // Eight walks of the status, each reading every key.
    expect(read.calls).toBe(8);
    expect(read.items).toBe(8 * KEYS);

    // The watch's routing of an event of the unlabelled run: once more.
    read.calls = 0;
    read.items = 0;
    const routes = new StageRoutes();
    routes.update([stage]);
    expect(routes.stagesOfRun(unlabelledRun)).toEqual([stage]);
    expect(read.calls).toBe(1);
    expect(read.items).toBe(KEYS);
  });
});
