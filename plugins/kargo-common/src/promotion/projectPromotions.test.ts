import { buildProjectP } from '../__testUtils__/projectBuild';
import { promotionsOfStage } from '../pullRequests/steps';
import type { Promotion, Stage } from '../types';
import { ProjectPromotions } from './projectPromotions';

const stageNamed = (name: string, namespace = 'p'): Stage => ({
  metadata: { name, namespace },
});

const promo = (
  name: string,
  target: unknown,
  minute: number,
  namespace: string | undefined = 'p',
): Promotion =>
  ({
    metadata: {
      name,
      namespace,
      creationTimestamp: new Date(
        Date.UTC(2026, 0, 1, 0, minute),
      ).toISOString(),
    },
    spec: target === undefined ? {} : { stage: target },
  } as Promotion);

// Kargo names a Promotion `<stage>.<ulid>.<freight>` and sets spec.stage;
// hand-made and old ones may lack it, and Stage names may hold dots.
const PROMOTIONS: Promotion[] = [
  promo('a.01.f', 'a', 1),
  promo('a.02.f', undefined, 2),
  promo('a.b.03.f', undefined, 3),
  promo('a.b.04.f', 'a.b', 4),
  promo('a.05.f', 'a.b', 5),
  promo('ab.06.f', undefined, 6),
  promo('a.07.f', undefined, 7, 'other'),
  promo('a.08.f', undefined, 8, undefined),
  promo('a.02.f', undefined, 2),
  promo('a.09.f', '', 9),
  promo('a.10.f', 42, 10),
  { metadata: {}, spec: { stage: 'a' } } as Promotion,
  promo('a', undefined, 11),
  promo('a.', undefined, 12),
  promo('b.13.f', 'b', 13),
];

/** An index past its first question (answered without the index). */
function indexed(promotions: Promotion[]) {
  const index = new ProjectPromotions(promotions);
  index.of(stageNamed('first'));
  return index;
}

describe('ProjectPromotions', () => {
  it.each(['a', 'a.b', 'ab', 'b', 'c', 'a.', ''])(
    "answers Stage '%s' exactly what promotionsOfStage does",
    name => {
      const stage = stageNamed(name);
      const of = indexed(PROMOTIONS).of(stage);
      expect(of).toEqual(promotionsOfStage(stage, PROMOTIONS));
      of.forEach(p => expect(PROMOTIONS).toContain(p));
    },
  );

  it('answers a Stage of another namespace what promotionsOfStage does', () => {
    const stage = stageNamed('a', 'other');
    expect(indexed(PROMOTIONS).of(stage)).toEqual(
      promotionsOfStage(stage, PROMOTIONS),
    );
  });

  it('keeps the Promotions of a Stage, newest first: by spec.stage, else by name', () => {
    const names = (stage: string) =>
      indexed(PROMOTIONS)
        .of(stageNamed(stage))
        .map(p => p.metadata?.name);
    // 'a.b.03.f' has no spec.stage: its name's prefixes 'a.' and 'a.b.'
    // both count (promotionsOfStage's documented ambiguity).
    expect(names('a')).toEqual([
      'a.',
      'a.09.f',
      'a.08.f',
      'a.b.03.f',
      'a.02.f',
      'a.02.f',
      'a.01.f',
    ]);
    expect(names('a.b')).toEqual(['a.05.f', 'a.b.04.f', 'a.b.03.f']);
  });

  it('answers its first question as its index does', () => {
    for (const name of ['a', 'a.b', 'c']) {
      const stage = stageNamed(name);
      expect(new ProjectPromotions(PROMOTIONS).of(stage)).toEqual(
        indexed(PROMOTIONS).of(stage),
      );
    }
  });

  it('tolerates a list that is not one', () => {
    const broken = indexed('nope' as unknown as Promotion[]);
    expect(broken.of(stageNamed('a'))).toEqual([]);
  });
});

describe("a project build's Promotions (issue 35)", () => {
  it("reads each Promotion's target once, not once per Stage", () => {
    const S = 200;
    const P = 2_000;
    let reads = 0;
    const promotions = Array.from({ length: P }, (_, i) => {
      const p = promo(`s${i % S}.${i}.f`, `s${i % S}`, i % 60);
      const spec = p.spec!;
      Object.defineProperty(p, 'spec', {
        enumerable: true,
        get: () => {
          reads++;
          return spec;
        },
      });
      return p;
    });
    const stages = Array.from({ length: S }, (_, i) => stageNamed(`s${i}`));
    const built = buildProjectP({ stages, promotions });
    expect(built).toHaveLength(S);
    expect(built.every(b => !b.detail.error)).toBe(true);
    // Indexed once (P reads), then each Stage reads its own ten (by the
    // filter, its walk and its timeline): never S × P.
    expect(reads).toBeLessThan(P + S * 10 * 10);
    expect(reads).toBeGreaterThanOrEqual(P);
  });
});
