import {
  buildProjectP,
  minimalDirectStage,
  withReadHook,
} from '../__testUtils__/projectBuild';
import type { Promotion } from '../types';
import { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import type { ProjectLists } from './project';

// Issue 35, attack 11: buildProjectStages filtered every Promotion of the
// project once for each Stage it built, and once more for each upstream
// Stage whose history it derived: Stages x Promotions per build (1,000
// tiny Stages and 50,000 Promotions of another: 1.9 s a build). A project
// member adds Stages (the 64 KB floor allows 8,192) and Promotions (Kargo
// keeps them two weeks), all far within the budgets. The Promotions are now
// indexed once per project (ProjectPromotions): a Stage reads its own.

const reads = { metadata: 0 };

/** A minimal Promotion of `stage` whose `metadata` reads are counted. */
function promotion(stage: string, i: number, counted: boolean): Promotion {
  const metadata = {
    name: `${stage}.${String(i).padStart(7, '0')}`,
    namespace: 'p',
    creationTimestamp: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  };
  return withReadHook(
    { spec: { stage } } as Promotion,
    'metadata',
    metadata,
    () => {
      if (counted) reads.metadata++;
    },
  );
}

const stageOf = (name: string) => minimalDirectStage(name);

function build(lists: ProjectLists, sizes: JsonSizes) {
  return buildProjectP({
    ...lists,
    interner: new Interner(),
    sizes,
    projectVerdict: { verdict: null },
  });
}

describe('the Promotions of a hostile project (issue 35, attack 11)', () => {
  it('reads the 20,000 Promotions of one Stage as often with 500 other Stages built as with 50 (it read them again for each)', () => {
    const P = 20_000;
    const promotions = Array.from({ length: P }, (_, i) =>
      promotion('x', i, true),
    );
    const readsWith = (others: number) => {
      const stages = [
        stageOf('x'),
        ...Array.from({ length: others }, (_, i) => stageOf(`s${i}`)),
      ];
      const sizes = new JsonSizes();
      // Measured once, as the instance's model keeps them (not counted).
      const lists = { stages, promotions, analysisRuns: [], freight: [] };
      sizes.ofAll(stages);
      sizes.ofAll(promotions);
      reads.metadata = 0;
      const built = build(lists, sizes);
      expect(built).toHaveLength(others + 1);
      expect(built.every(b => !b.detail.error)).toBe(true);
      return reads.metadata;
    };
    const with50 = readsWith(50);
    const with500 = readsWith(500);
    // eslint-disable-next-line no-console
    console.log(
      `${P} Promotions: ${with50} reads (51 Stages), ${with500} (501)`,
    );
    // Indexed once, then read for x alone (its walk, sort and timeline):
    // before, each of the 500 other Stages read all 20,000 (10 million).
    expect(with500).toBe(with50);
    expect(with500).toBeLessThan(20 * P);

    // Plain objects (printed, not asserted): 1,000 tiny Stages and 50,000
    // minimal Promotions of one of them (~6 MB, about 1% of the project's
    // budget, a fifth of that Stage's).
    const plainStages = [
      stageOf('x'),
      ...Array.from({ length: 1_000 }, (_, i) => stageOf(`s${i}`)),
    ];
    const plainPromotions = Array.from({ length: 50_000 }, (_, i) =>
      JSON.parse(JSON.stringify(promotion('x', i, false))),
    ) as Promotion[];
    const plainSizes = new JsonSizes();
    const chars =
      plainSizes.ofAll(plainStages).chars +
      plainSizes.ofAll(plainPromotions).chars;
    // Only the 1,000 other Stages: x's own detail (its 50,000 Promotions
    // sorted) is not the point here.
    const others = new Set(plainStages.slice(1).map(s => s.metadata!.name!));
    const started = Date.now();
    const builtOthers = buildProjectP({
      stages: plainStages,
      promotions: plainPromotions,
      interner: new Interner(),
      sizes: plainSizes,
      projectVerdict: { verdict: null },
      only: others,
    });
    expect(builtOthers).toHaveLength(1_000);
    // eslint-disable-next-line no-console
    console.log(
      `1,000 Stages that own no Promotion, 50,000 Promotions of another ` +
        `(${chars} chars): ${Date.now() - started} ms per build`,
    );
  });
});
