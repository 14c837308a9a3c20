import { KARGO_LABELS } from '../constants';
import {
  buildProjectP,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import type { AnalysisRun, Freight } from '../types';
import { sha1Hex } from '../util/hash';
import { hashes } from '../__testUtils__/countedHash';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import { ProjectIndexes } from './projectIndexes';

// Issue 35, attack 18: Freight names are hashed (SHA-1, pure JS) "once per
// project index" to find the Freight of a run whose collection is gone
// (freightOfRun.ts nameOfHash, attack 11). The index is kept while the
// watch's Freight list holds the same objects, but every Freight event
// changes the list: the next build made a new ProjectFreight and hashed
// every Freight name of the project again, and a Freight event rebuilds
// every Stage. One labelled run of a member's Stage whose
// `freight-collection` label names no collection (and no freight label or
// owner) was enough to make every Freight write cost all the project's
// names hashed again. The project's indexes (ProjectIndexes) now keep the
// names hashed by the last index: a Freight's name never changes.
//
// Measured (SHA-1 in the build after one Freight is added to 100,000):
//   before: 100,001 (500,000 Freight: ~1.4 s of SHA-1 per Freight event).
//   after:  1.

jest.mock(
  '../util/hash',
  () => jest.requireActual('../__testUtils__/countedHash').countedHash,
);

const runOf = (collection: string) =>
  ({
    metadata: {
      name: 's.run',
      namespace: 'p',
      labels: {
        [KARGO_LABELS.stage]: 's',
        [KARGO_LABELS.freightCollection]: collection,
      },
    },
    status: { phase: 'Successful', startedAt: '2026-01-01T00:00:00Z' },
  } as unknown as AnalysisRun);

const freightNamed = (i: number) =>
  ({
    metadata: {
      name: `${String(i).padStart(40, '0')}`,
      namespace: 'p',
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
    origin: { kind: 'Warehouse', name: 'w' },
  } as unknown as Freight);

/** The builds of a watch: one ProjectIndexes kept between them. */
function watchBuilds() {
  const stages = [minimalDirectStage('s')];
  const indexes = new ProjectIndexes();
  const sizes = new JsonSizes();
  return (freight: Freight[], run: AnalysisRun) => {
    hashes.count = 0;
    const [built] = buildProjectP({
      stages,
      freight,
      analysisRuns: [run],
      interner: new Interner(),
      sizes,
      projectVerdict: { verdict: null },
      indexes,
    });
    return { detail: built.detail, hashed: hashes.count };
  };
}

describe('Freight names hashed per Freight event (issue 35, attack 18)', () => {
  it('hashes only the added name when one Freight is added to 100,000 (the kept indexes of a watch)', () => {
    const F = 100_000;
    const freight = Array.from({ length: F }, (_, i) => freightNamed(i));
    const build = watchBuilds();
    // A run whose collection the Stage no longer lists: found by hash.
    const nowhere = runOf('nowhere');
    expect(build(freight, nowhere).hashed).toBe(F);
    // The next Freight event: the watch's list holds the same objects and one more.
    const added = freightNamed(F);
    const after = build([...freight, added], nowhere);
    // Before: 100,001.
    expect(after.hashed).toBe(1);
    expect(after.detail.error).toBeNull();
  });

  it('finds a run Freight by hash as before, and hashes again a name deleted and listed anew', () => {
    const freight = Array.from({ length: 1_000 }, (_, i) => freightNamed(i));
    const build = watchBuilds();
    const target = freightNamed(7).metadata!.name!;
    const run = runOf(sha1Hex(target));
    const first = build(freight, run);
    expect(first.detail.verifications[0].freight?.name).toBe(target);
    expect(first.hashed).toBe(1_000);

    // Freight 7 deleted: the next index keeps no hash of it.
    const without = freight.filter((_, i) => i !== 7);
    const gone = build(without, run);
    expect(gone.detail.verifications[0].freight).toBeNull();
    expect(gone.hashed).toBe(0);

    // Listed anew: its name is hashed again (the map did not keep it).
    const back = build([...without, freightNamed(7)], run);
    expect(back.detail.verifications[0].freight?.name).toBe(target);
    expect(back.hashed).toBe(1);
  });
});
