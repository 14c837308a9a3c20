import {
  buildProjectP,
  minimalDirectStage,
} from '../__testUtils__/projectBuild';
import {
  ODD_TIMES,
  SAME_TIME,
  sortedByParsingTimes,
} from '../__testUtils__/sortedByParsingTimes';
import { promotionsOfStage } from '../pullRequests/steps';
import type { Promotion } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';

// Issue 35, attack 18: a Stage's own Promotions were sorted by
// promotionsOfStage (pullRequests/steps.ts) with a comparator that parsed
// both creation timestamps (Date.parse) on every comparison, and
// buildProjectStages asked for them sorted (ProjectPromotions.of) BEFORE the
// Stage's budget verdict: a Stage too large to show still paid the sort on
// every build (every Freight event rebuilds every Stage), and again as an
// upstream of another Stage built in the same pass.
//
// The API server sets creationTimestamp (creation order) and lists by name
// (etcd key order): a member naming their Promotions `x.<random>` makes the
// listed order random with respect to time, so the sort is a full
// N log N of comparisons.
//
// Measured (20,000 Promotions of one Stage, Date.parse per build):
//   before: 519,599 for a Stage too large to show; 100,000 Promotions took
//           ~1.4 s per build of a Stage within its budget.
//   after:  0 for a Stage too large to show (its budget measures them
//           unsorted); 20,000 (one per Promotion) for one within it.

/** A deterministic pseudo-random 8-hex suffix. */
function suffix(i: number): string {
  let h = (i + 1) * 2654435761;
  h = (h ^ (h >>> 15)) >>> 0;
  h = Math.imul(h, 2246822507) >>> 0;
  return `${h.toString(16).padStart(8, '0')}${i.toString(16)}`;
}

const promotion = (name: string, createdAt: string | undefined): Promotion =>
  ({
    metadata: {
      name,
      namespace: 'p',
      ...(createdAt === undefined ? {} : { creationTimestamp: createdAt }),
    },
    spec: { stage: 'x', freight: 'f' },
  } as unknown as Promotion);

/** N minimal Promotions of `x`, created one per second, listed by name. */
function promotionsOfX(n: number): Promotion[] {
  const created = Array.from({ length: n }, (_, i) =>
    promotion(
      `x.${suffix(i)}`,
      new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    ),
  );
  // As a LIST (and so the watch's first sync) hands them out: by name.
  return created.sort((a, b) =>
    a.metadata!.name! < b.metadata!.name! ? -1 : 1,
  );
}

/** 20,000 Promotions of `x` listed by name, and the set of their times. */
function promotionsOfXWithTimes() {
  const N = 20_000;
  const promotions = promotionsOfX(N);
  const times = new Set(promotions.map(p => p.metadata!.creationTimestamp));
  return { N, promotions, times };
}

/** What the sort answered before (a comparator parsing both times). */
const sortedAsBefore = (own: Promotion[]) =>
  sortedByParsingTimes(
    own,
    p => p.metadata?.creationTimestamp,
    p => p.metadata!.name!,
    'epoch',
  );

describe('the sort of a Stage own Promotions (issue 35, attack 18)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('parses no Promotion time to build a Stage too large to show', () => {
    const { promotions, times } = promotionsOfXWithTimes();
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
    expect(built.find(b => b.detail.name === 'x')!.detail.error).toMatch(
      /too large/,
    );
    expect(built.find(b => b.detail.name === 'y')!.detail.error).toBeNull();
    // Before: 519,599.
    expect(parse.mock.calls.filter(([t]) => times.has(t))).toHaveLength(0);
  });

  it('parses each Promotion time once to build a Stage within its budget', () => {
    const { N, promotions, times } = promotionsOfXWithTimes();
    const stages = [minimalDirectStage('x')];
    const parse = jest.spyOn(Date, 'parse');
    const built = buildProjectP({
      stages,
      promotions,
      interner: new Interner(),
      sizes: new JsonSizes(),
      projectVerdict: { verdict: null },
    });
    expect(built[0].detail.error).toBeNull();
    // The newest shown first.
    expect(built[0].detail.promotions?.[0]?.createdAt).toBe(
      new Date(Date.UTC(2026, 0, 1) + (N - 1) * 1000).toISOString(),
    );
    const ofPromotions = parse.mock.calls.filter(([t]) => times.has(t));
    // Before: 519,599 in the sort alone. The shown ones' times are read
    // again by the timeline.
    expect(ofPromotions.length).toBeLessThanOrEqual(N + 2 * 100);
    parse.mockClear();
    expect(promotionsOfStage(stages[0], promotions)).toHaveLength(N);
    expect(parse).toHaveBeenCalledTimes(N);
  });

  it('sorts them as before: newest first, then by name, duplicates in their order', () => {
    const small = [
      ...ODD_TIMES.map(([name, time]) => promotion(`x.${name}`, time)),
      promotion('x.a', '2025-12-31T23:59:59Z'),
      promotion('x.b', SAME_TIME),
      promotion('x.f', '1970-01-01T00:00:00Z'),
    ];
    const x = minimalDirectStage('x');
    const sorted = promotionsOfStage(x, small);
    // Undated and unparsable ones count as the epoch.
    expect(sorted).toEqual([
      small[2],
      small[0],
      small[6],
      small[1],
      small[5],
      small[7],
      small[4],
      small[3],
    ]);
    expect(sorted[1]).toBe(small[0]);
    expect(sorted[2]).toBe(small[6]);
    const own = [...small, ...promotionsOfX(2_000), ...small];
    const before = sortedAsBefore(own);
    const after = promotionsOfStage(x, own);
    // The same objects in the same order (duplicates told apart).
    expect(after).toHaveLength(before.length);
    after.forEach((p, i) => expect(p).toBe(before[i]));
  });
});
