import {
  buildProjectP,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import { promotionsOfStage } from '../pullRequests/steps';
import type { Promotion } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';

// Issue 35, attack 18: a Stage's own Promotions are sorted by
// promotionsOfStage (pullRequests/steps.ts) with a comparator that parses
// both creation timestamps (Date.parse) on every comparison, and
// buildProjectStages asks for them (ProjectPromotions.of) BEFORE the Stage's
// budget verdict: a Stage too large to show still pays the sort on every
// build (every Freight event rebuilds every Stage), and again as an
// upstream of another Stage built in the same pass.
//
// The API server sets creationTimestamp (creation order) and lists by name
// (etcd key order): a member naming their Promotions `x.<random>` makes the
// listed order random with respect to time, so the sort is a full
// N log N of comparisons, each two Date.parse calls.

/** A deterministic pseudo-random 8-hex suffix. */
function suffix(i: number): string {
  let h = (i + 1) * 2654435761;
  h = (h ^ (h >>> 15)) >>> 0;
  h = Math.imul(h, 2246822507) >>> 0;
  return `${h.toString(16).padStart(8, '0')}${i.toString(16)}`;
}

/** N minimal Promotions of `x`, created one per second, listed by name. */
function promotionsOfX(n: number): Promotion[] {
  const created = Array.from(
    { length: n },
    (_, i) =>
      ({
        metadata: {
          name: `x.${suffix(i)}`,
          namespace: 'p',
          creationTimestamp: new Date(
            Date.UTC(2026, 0, 1) + i * 1000,
          ).toISOString(),
        },
        spec: { stage: 'x', freight: 'f' },
      } as unknown as Promotion),
  );
  // As a LIST (and so the watch's first sync) hands them out: by name.
  return created.sort((a, b) =>
    a.metadata!.name! < b.metadata!.name! ? -1 : 1,
  );
}

describe('the sort of a Stage own Promotions (issue 35, attack 18)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('parses ~2 N log2 N timestamps per build of a Stage too large to show (20,000 Promotions: ~540,000 Date.parse)', () => {
    const N = 20_000;
    const promotions = promotionsOfX(N);
    const stages = [minimalDirectStage('x'), minimalDirectStage('y')];
    const sizes = new JsonSizes();
    sizes.ofAll(stages);
    sizes.ofAll(promotions);
    const parse = jest.spyOn(Date, 'parse');
    const built = buildProjectP({
      stages,
      promotions,
      interner: new Interner(),
      sizes,
      projectVerdict: { verdict: null },
      // x is past its budget: nothing of it is shown.
      budgets: { stageChars: 100_000, projectChars: 512 * 2 ** 20 },
    });
    const x = built.find(b => b.detail.name === 'x')!;
    expect(x.detail.error).toMatch(/too large/);
    const parses = parse.mock.calls.length;
    // eslint-disable-next-line no-console
    console.log(
      `${N} Promotions of a too-large Stage: ${parses} Date.parse per build`,
    );
    // Measured: 540,000+ (N log2 N = 286,000 comparisons, 2 parses each);
    // one parse per Promotion would be 20,000.
    expect(parses).toBeGreaterThan(20 * N);
  });

  it('costs about a second of the event loop per build at 100,000 Promotions (printed)', () => {
    const N = 100_000;
    const promotions = promotionsOfX(N);
    const stages = [minimalDirectStage('x')];
    const sizes = new JsonSizes();
    const chars = sizes.ofAll(stages).chars + sizes.ofAll(promotions).chars;
    const started = Date.now();
    const built = buildProjectP({
      stages,
      promotions,
      interner: new Interner(),
      sizes,
      projectVerdict: { verdict: null },
    });
    const took = Date.now() - started;
    const sortStarted = Date.now();
    const sorted = promotionsOfStage(stages[0], promotions);
    const sortTook = Date.now() - sortStarted;
    expect(sorted).toHaveLength(N);
    const parse = jest.spyOn(Date, 'parse');
    promotionsOfStage(stages[0], promotions);
    expect(built).toHaveLength(1);
    // eslint-disable-next-line no-console
    console.log(
      `${N} Promotions (${chars} chars, ${(chars / 2 ** 20).toFixed(
        1,
      )} Mi of the 512 Mi project budget): ` +
        `${
          parse.mock.calls.length
        } Date.parse per sort, ${took} ms per build of x, ${sortTook} ms of it the sort (error: ${
          built[0].detail.error ?? 'none'
        })`,
    );
    expect(parse.mock.calls.length).toBeGreaterThan(20 * N);
  });
});
