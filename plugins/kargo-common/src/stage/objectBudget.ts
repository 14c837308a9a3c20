import type { AnalysisRun, Freight, Promotion, Stage } from '../types';
import type { JsonSizes, MeasuredObjects } from '../util/jsonSize';

/**
 * How much of Kargo's objects the portal builds a view from, in characters
 * of their JSON (see `JsonSizes`). Past a budget a Stage is shown as too
 * large to show, with its sizes, and costs nothing more: whatever one
 * project's members write, what it costs the backend (and the users of every
 * other project, served by the same event loop) is bounded.
 *
 * @public
 */
export interface ObjectBudgets {
  /** A Stage, its Promotions and its AnalysisRuns. */
  stageChars: number;
  /** A project's Stages, Promotions, AnalysisRuns and Freight. */
  projectChars: number;
}

/**
 * The defaults: 32 Mi characters per Stage and 512 Mi per project. A Stage
 * as Kargo keeps it (its 20 newest finished Promotions, akuity/kargo v1.11.2
 * pkg/garbage/collector.go, and the AnalysisRuns of their verifications)
 * takes well under 1 MB; the largest fleet the benchmarks build
 * (docs/benchmarks.md) stays far under both.
 *
 * @public
 */
export const DEFAULT_OBJECT_BUDGETS: ObjectBudgets = {
  stageChars: 32 * 2 ** 20,
  projectChars: 512 * 2 ** 20,
};

/** What a Stage's view is built from, measured. @public */
export interface StageObjectSizes {
  stage: number;
  promotions: MeasuredObjects;
  analysisRuns: MeasuredObjects;
}

/** What a project's views are built from, measured. @public */
export interface ProjectObjectSizes {
  stages: MeasuredObjects;
  promotions: MeasuredObjects;
  analysisRuns: MeasuredObjects;
  freight: MeasuredObjects;
}

export function stageObjectSizes(
  sizes: JsonSizes,
  stage: Stage,
  promotions: Promotion[],
  analysisRuns: AnalysisRun[],
): StageObjectSizes {
  return {
    stage: sizes.of(stage),
    promotions: sizes.ofAll(promotions),
    analysisRuns: sizes.ofAll(analysisRuns),
  };
}

/**
 * What a project's views are built from, measured; an object nested too deep
 * to measure is left to its Stage's budget (it would otherwise hide every
 * Stage of the project).
 */
export function projectObjectSizes(
  sizes: JsonSizes,
  lists: {
    stages: Stage[];
    promotions: Promotion[];
    analysisRuns: AnalysisRun[];
    freight: Freight[];
  },
): ProjectObjectSizes {
  return {
    stages: sizes.ofAll(lists.stages, true),
    promotions: sizes.ofAll(lists.promotions, true),
    analysisRuns: sizes.ofAll(lists.analysisRuns, true),
    freight: sizes.ofAll(lists.freight, true),
  };
}

/** A size in words: KB below 1 MB (characters of JSON, taken as bytes). */
export function sizeInWords(chars: number): string {
  if (!Number.isFinite(chars)) return 'more than JSON can hold';
  return chars < 2 ** 20
    ? `${(chars / 2 ** 10).toFixed(1)} KB`
    : `${(chars / 2 ** 20).toFixed(1)} MB`;
}

function counted(what: string, measured: MeasuredObjects): string {
  return `${measured.count} ${what} ${sizeInWords(measured.chars)}`;
}

/**
 * Why a Stage over its budget is not shown, with its sizes; null within it.
 * The words say which setting raises it.
 */
export function stageOverBudget(
  sizes: StageObjectSizes,
  budgets: ObjectBudgets,
): Error | null {
  const total = sizes.stage + sizes.promotions.chars + sizes.analysisRuns.chars;
  if (total <= budgets.stageChars) return null;
  return new Error(
    `it is too large to show: its Kargo objects take ${sizeInWords(total)} ` +
      `(the Stage ${sizeInWords(sizes.stage)}, ` +
      `${counted('Promotions', sizes.promotions)}, ` +
      `${counted('AnalysisRuns', sizes.analysisRuns)}), more than the ` +
      `${sizeInWords(budgets.stageChars)} shown per Stage ` +
      `(kargo.limits.stageObjectsMB)`,
  );
}

/**
 * What each Stage is counted at least against its project's budget: the
 * detail it is kept as (~20 KB for a Stage offered 20 Freight) is larger
 * than its Kargo object can be (a 145-character Stage), so 20,000 minimal
 * Stages (2.8 MB) kept 407 MB. At 64 Ki, the default 512 MB allows 8,192
 * Stages per project.
 */
export const STAGE_FLOOR_CHARS = 64 * 2 ** 10;

/** Why the Stages of a project over its budget are not shown; null within it. */
export function projectOverBudget(
  sizes: ProjectObjectSizes,
  budgets: ObjectBudgets,
): Error | null {
  const floor = sizes.stages.count * STAGE_FLOOR_CHARS;
  if (floor > budgets.projectChars) {
    return new Error(
      `its project is too large to show: it has ${sizes.stages.count} ` +
        `Stages, more than the ${Math.floor(
          budgets.projectChars / STAGE_FLOOR_CHARS,
        )} that the ${sizeInWords(budgets.projectChars)} shown per ` +
        `project (kargo.limits.projectObjectsMB) keep, at ` +
        `${sizeInWords(STAGE_FLOOR_CHARS)} each at least`,
    );
  }
  const total =
    sizes.stages.chars +
    sizes.promotions.chars +
    sizes.analysisRuns.chars +
    sizes.freight.chars;
  if (total <= budgets.projectChars) return null;
  return new Error(
    `its project is too large to show: the project's Kargo objects take ` +
      `${sizeInWords(total)} (${counted('Stages', sizes.stages)}, ` +
      `${counted('Promotions', sizes.promotions)}, ` +
      `${counted('AnalysisRuns', sizes.analysisRuns)}, ` +
      `${counted('Freight', sizes.freight)}), more than the ` +
      `${sizeInWords(budgets.projectChars)} shown per project ` +
      `(kargo.limits.projectObjectsMB)`,
  );
}
