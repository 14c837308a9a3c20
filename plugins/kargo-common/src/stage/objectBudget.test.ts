import {
  checkoutProjectInput,
  checkoutPullRequests,
  prodFailedPromotion,
  prodRunningPromotion,
  prodStage,
} from '../__testUtils__/checkout';
import { promotion } from '../__testUtils__/builders';
import { minimalDirectStage } from '../__testUtils__/projectBuild';
import type { Promotion } from '../types';
import { JsonSizes } from '../util/jsonSize';
import {
  DEFAULT_OBJECT_BUDGETS,
  projectObjectSizes,
  sizeInWords,
  STAGE_FLOOR_CHARS,
  stageObjectSizes,
} from './objectBudget';
import { buildProjectStages, type BuildProjectStagesInput } from './project';

const MB = 2 ** 20;
const measured = new JsonSizes();
const jsonSizeOf = (value: unknown) => measured.of(value);
const input: BuildProjectStagesInput = {
  ...checkoutProjectInput,
  pullRequestsOf: () => ({ pullRequests: checkoutPullRequests, error: null }),
};

/** A Promotion of prod as large as a member may make one (vars of `chars`). */
function padded(chars: number, minutes = 70): Promotion {
  const made = promotion(
    'checkout',
    'prod',
    minutes,
    prodRunningPromotion.spec!.freight!,
    'Succeeded',
    [],
  );
  made.spec!.vars = [{ name: 'pad', value: 'x'.repeat(chars) }];
  return made;
}

const built = (over: Partial<BuildProjectStagesInput>) =>
  new Map(
    [...buildProjectStages({ ...input, ...over })].map(b => [b.detail.name, b]),
  );

describe('object budgets', () => {
  it('builds every Stage within them as without them', () => {
    const within = built({ budgets: { stageChars: MB, projectChars: MB } });
    const unlimited = built({
      budgets: { stageChars: Infinity, projectChars: Infinity },
    });
    expect([...within.values()]).toEqual([...unlimited.values()]);
    expect(within.get('prod')!.detail.error).toBeNull();
    expect(within.get('prod')!.detail.pullRequests.length).toBeGreaterThan(0);
  });

  it('shows a Stage over its budget as too large, with its sizes, and builds the others', () => {
    const big = padded(3 * MB);
    const over = built({
      promotions: [big, ...input.promotions],
      budgets: { stageChars: 2 * MB, projectChars: 8 * MB },
    });
    const prod = over.get('prod')!;
    const promotionChars =
      jsonSizeOf(big) +
      jsonSizeOf(prodRunningPromotion) +
      jsonSizeOf(prodFailedPromotion);
    expect(prod.detail.error).toBe(
      'This Stage could not be read: it is too large to show: its Kargo ' +
        `objects take 3.0 MB (the Stage ${sizeInWords(
          jsonSizeOf(prodStage),
        )}, 3 Promotions ${sizeInWords(promotionChars)}, 0 AnalysisRuns ` +
        '0.0 KB), more than the 2.0 MB shown per Stage ' +
        '(kargo.limits.stageObjectsMB)',
    );
    // Nothing of it is shown or acted on, and its repositories are not listed.
    expect(prod.repositories).toEqual([]);
    expect(prod.detail.pullRequests).toEqual([]);
    expect(prod.detail.promotions).toBeUndefined();
    expect(prod.detail.actions.reverify.allowed).toBe(false);
    // staging is built as ever.
    const staging = over.get('staging')!.detail;
    expect(staging.error).toBeNull();
    expect(staging).toEqual(built({}).get('staging')!.detail);
  });

  it('costs nothing more than measuring a Stage over its budget', () => {
    let reads = 0;
    const counted = padded(3 * MB);
    const steps = prodRunningPromotion.spec!.steps;
    Object.defineProperty(counted.spec, 'steps', {
      enumerable: true,
      get: () => {
        reads++;
        return steps;
      },
    });
    const promotions = [counted, ...input.promotions];
    const budgets = { stageChars: 2 * MB, projectChars: 8 * MB };
    // The instance's sizes, kept between its builds.
    const sizes = new JsonSizes();
    expect(
      built({ promotions, budgets, sizes }).get('prod')!.detail.error,
    ).toMatch(/too large to show/);
    // Read once, to measure it; never walked.
    expect(reads).toBe(1);
    // Measured once: a rebuild reads it no more.
    built({ promotions, budgets, sizes });
    expect(reads).toBe(1);
  });

  it('shows every Stage of a project over its budget as too large, and builds none', () => {
    const budgets = { stageChars: 8 * MB, projectChars: 2 * MB };
    const over = built({ promotions: [padded(3 * MB)], budgets });
    expect([...over.keys()]).toEqual(['staging', 'prod']);
    const sizes = projectObjectSizes(measured, { ...input, promotions: [] });
    for (const { detail, repositories } of over.values()) {
      expect(detail.error).toBe(
        "This Stage could not be read: its project is too large to show: the project's " +
          `Kargo objects take 3.0 MB (2 Stages ${sizeInWords(
            sizes.stages.chars,
          )}, 1 Promotions 3.0 MB, ${
            sizes.analysisRuns.count
          } AnalysisRuns ${sizeInWords(
            sizes.analysisRuns.chars,
          )}, 4 Freight ${sizeInWords(
            sizes.freight.chars,
          )}), more than the 2.0 MB shown per project (kargo.limits.projectObjectsMB)`,
      );
      expect(detail.verifications).toEqual([]);
      expect(repositories).toEqual([]);
    }
    // Only the Stages asked for.
    const only = built({
      promotions: [padded(3 * MB)],
      only: new Set(['prod']),
      budgets,
    });
    expect([...only.keys()]).toEqual(['prod']);
  });

  it('takes an object nested too deep to measure as over any budget: its Stage only', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { next: deep };
    const deepPromotion = promotion(
      'checkout',
      'prod',
      70,
      prodRunningPromotion.spec!.freight!,
      'Pending',
      [{ uses: 'git-open-pr', config: deep }],
    );
    const over = built({
      promotions: [deepPromotion, ...input.promotions],
      budgets: { stageChars: 2 ** 40, projectChars: 2 ** 40 },
    });
    expect(over.get('prod')!.detail.error).toMatch(
      /it is too large to show: its Kargo objects take more than JSON can hold/,
    );
    expect(over.get('staging')!.detail.error).toBeNull();
  });

  it('leaves room for Stages far larger than Kargo keeps them', () => {
    // 120 Promotions (Kargo spares 20 finished ones), each of a real template.
    const sizes = stageObjectSizes(
      measured,
      prodStage,
      Array.from({ length: 120 }, () => prodRunningPromotion),
      [],
    );
    expect(sizes.promotions.count).toBe(120);
    expect(sizes.stage + sizes.promotions.chars).toBeLessThan(
      DEFAULT_OBJECT_BUDGETS.stageChars / 10,
    );
  });
});

describe('object budgets against what a project keeps (issue 35, attack 9)', () => {
  /** Stages of one Freight request each, ~100 characters: a detail is far larger. */
  const minimalStages = (count: number) =>
    Array.from({ length: count }, (_, i) =>
      minimalDirectStage(`s${i}`, {
        project: 'checkout',
        warehouse: 'checkout',
      }),
    );

  it('counts each Stage at least 64 KB against its project: more Stages than the budget keeps are too large to show', () => {
    const stages = minimalStages(500);
    const over = built({
      stages,
      promotions: [],
      analysisRuns: [],
      budgets: { stageChars: MB, projectChars: 499 * STAGE_FLOOR_CHARS },
    });
    expect(over.size).toBe(500);
    expect(over.get('s0')!.detail.error).toBe(
      'This Stage could not be read: its project is too large to show: it has ' +
        '500 Stages, more than the 499 that the 31.2 MB shown per project ' +
        '(kargo.limits.projectObjectsMB) keep, at 64.0 KB each at least',
    );
    const within = built({
      stages,
      promotions: [],
      analysisRuns: [],
      budgets: { stageChars: MB, projectChars: 500 * STAGE_FLOOR_CHARS },
    });
    expect(within.get('s0')!.detail.error).toBeNull();
    // The default keeps 8,192 Stages per project.
    expect(
      Math.floor(DEFAULT_OBJECT_BUDGETS.projectChars / STAGE_FLOOR_CHARS),
    ).toBe(8_192);
  });

  it('measures a project once for a build of all its Stages, and a build of one reuses that verdict instead of looking every object up again', () => {
    let lookups = 0;
    class CountingSizes extends JsonSizes {
      of(value: unknown): number {
        lookups++;
        return super.of(value);
      }
    }
    const sizes = new CountingSizes();
    const projectVerdict = {};
    built({ sizes, projectVerdict });
    expect(lookups).toBeGreaterThan(0);
    // 1,000 more runs of other Stages: a watch event then rebuilds prod only.
    const runs = [
      ...input.analysisRuns,
      ...Array.from({ length: 1_000 }, (_, i) => ({
        metadata: {
          name: `other-${i}`,
          namespace: 'checkout',
          labels: { 'kargo.akuity.io/stage': 'other' },
        },
      })),
    ];
    lookups = 0;
    const one = built({
      analysisRuns: runs,
      sizes,
      projectVerdict,
      only: new Set(['prod']),
    });
    expect(one.get('prod')!.detail.error).toBeNull();
    // prod's own objects: the Stage, its 2 Promotions, its runs (none).
    expect(lookups).toBe(3);
    // A build of all measures the project again.
    built({ analysisRuns: runs, sizes, projectVerdict: {} });
    expect(lookups).toBeGreaterThan(1_000);
  });

  it('checks a Stage against its budget on a pull-request rebuild too (its objects may be newer than the detail it reuses)', () => {
    const [, before] = [...buildProjectStages(input)];
    expect(before.detail.error).toBeNull();
    const [, again] = [
      ...buildProjectStages({
        ...input,
        promotions: [padded(3 * MB), ...input.promotions],
        budgets: { stageChars: 2 * MB, projectChars: 8 * MB },
        builtBefore: name => (name === 'prod' ? before.detail : undefined),
      }),
    ];
    expect(again.detail.error).toMatch(/it is too large to show/);
  });
});
