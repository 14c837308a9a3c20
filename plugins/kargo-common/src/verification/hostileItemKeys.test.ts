import {
  buildProjectP,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import { ProjectIndexes } from '../stage/projectIndexes';
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
// Each walk read all 130,000 keys, 8 walks per build (~0.35-0.5 s). Now a
// build cuts a Stage's status to what is read once per Stage object
// (ProjectIndexes.stage, boundedStage): its walks read 100 keys each; the
// routing index reads a changed Stage's status once, as it did.

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
  return minimalDirectStage('s', {
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
  });
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
  it('reads the 130,000 item keys once per Stage object, and 100 in each of the 8 walks of a build (it read all in each)', () => {
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
    // The instance's model keeps the project's indexes between builds.
    const indexes = new ProjectIndexes();
    const build = () =>
      buildProjectP({
        stages: [stage],
        analysisRuns: [unlabelledRun],
        indexes,
      });
    const [built] = build();
    process.stdout.write(
      `130,000 item keys: build ${(performance.now() - started).toFixed(
        0,
      )} ms\n`,
    );
    expect(built.detail.name).toBe('s');
    expect(built.detail.verifications).toHaveLength(1);
    // The keys read once to cut the status, then 100 by each of 8 walks.
    expect(read.calls).toBe(1 + 8);
    expect(read.items).toBe(KEYS + 8 * MAX_COLLECTION_RECORDS);
    // The same Stage object built again (a watch event): its cut is kept.
    read.calls = 0;
    read.items = 0;
    expect(build()[0].detail).toEqual(built.detail);
    expect(read.items).toBe(8 * MAX_COLLECTION_RECORDS);

    // The watch's routing index reads a changed Stage's status once.
    read.calls = 0;
    read.items = 0;
    const routes = new StageRoutes();
    routes.update([stage]);
    expect(routes.stagesOfRun(unlabelledRun)).toEqual([stage]);
    expect(read.calls).toBe(1);
    expect(read.items).toBe(KEYS);
  });
});
