import { KARGO_LABELS } from '../constants';
import {
  buildProjectP,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import type { AnalysisRun, Freight } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import { ProjectIndexes } from './projectIndexes';

// Issue 35, attack 18: Freight names are hashed (SHA-1, pure JS) "once per
// project index" to find the Freight of a run whose collection is gone
// (freightOfRun.ts nameOfHash, attack 11). The index is kept while the
// watch's Freight list holds the same objects, but every Freight event
// changes the list: the next build makes a new ProjectFreight and hashes
// every Freight name of the project again, and a Freight event rebuilds
// every Stage. One labelled run of a member's Stage whose
// `freight-collection` label names no collection (and no freight label or
// owner) is enough to make every Freight write cost all the project's names
// hashed again.

const hashes = { count: 0 };
jest.mock('../util/hash', () => {
  const actual = jest.requireActual('../util/hash');
  return {
    ...actual,
    sha1Hex: (text: string) => {
      hashes.count++;
      return actual.sha1Hex(text);
    },
  };
});

const run = {
  metadata: {
    name: 's.run',
    namespace: 'p',
    labels: {
      [KARGO_LABELS.stage]: 's',
      [KARGO_LABELS.freightCollection]: 'nowhere',
    },
  },
  status: { phase: 'Successful' },
} as unknown as AnalysisRun;

const freightNamed = (i: number) =>
  ({
    metadata: {
      name: `${String(i).padStart(40, '0')}`,
      namespace: 'p',
      creationTimestamp: '2026-01-01T00:00:00Z',
    },
    origin: { kind: 'Warehouse', name: 'w' },
  } as unknown as Freight);

describe('Freight names hashed per Freight event (issue 35, attack 18)', () => {
  it('hashes all 100,000 Freight names again when one Freight is added (the kept indexes of a watch)', () => {
    const F = 100_000;
    const freight = Array.from({ length: F }, (_, i) => freightNamed(i));
    const stages = [minimalDirectStage('s')];
    const indexes = new ProjectIndexes();
    const sizes = new JsonSizes();
    const build = (list: Freight[], runs = [run]) =>
      buildProjectP({
        stages,
        freight: list,
        analysisRuns: runs,
        interner: new Interner(),
        sizes,
        projectVerdict: { verdict: null },
        indexes,
      });
    build(freight);
    // The next Freight event: the watch's list holds the same objects and one more.
    const after = [...freight, freightNamed(F)];
    hashes.count = 0;
    const started = Date.now();
    build(after);
    const took = Date.now() - started;
    // The same event without the run: what a Freight event costs anyway.
    const plain = [...after, freightNamed(F + 1)];
    const plainStarted = Date.now();
    build(plain, []);
    const plainTook = Date.now() - plainStarted;
    // eslint-disable-next-line no-console
    console.log(
      `one Freight added to ${F}: ${hashes.count} SHA-1 in the next build (${took} ms; ${plainTook} ms without the run)`,
    );
    // Measured: 100,001 (every name again). 500,000 Freight: ~1.4 s of
    // SHA-1 alone per Freight event (node, this machine).
    expect(hashes.count).toBeGreaterThan(F);
  });
});
