import type { AnalysisRun, Freight, Promotion, Stage } from '../types';
import type { JsonSizes } from '../util/jsonSize';
import {
  type ObjectBudgets,
  projectObjectSizes,
  projectOverBudget,
  stageObjectSizes,
  stageOverBudget,
} from './objectBudget';

/**
 * A project's verdict, kept by its owner between builds: measured by a
 * build of the whole project, reused by builds of some of its Stages (a
 * watch event rebuilds one Stage: it would otherwise look up every object
 * of the project again, ~75 ms at 500,000 runs). `verdict` is undefined
 * until measured.
 *
 * @public
 */
export interface ProjectVerdict {
  verdict?: Error | null;
}

/**
 * Whether a project, and each of its Stages, is within its budget: each
 * verdict measured once per build (the project's once per verdict holder),
 * each object once per `JsonSizes`.
 */
export class BudgetVerdicts {
  constructor(
    private readonly lists: {
      stages: Stage[];
      promotions: Promotion[];
      analysisRuns: AnalysisRun[];
      freight: Freight[];
    },
    private readonly budgets: ObjectBudgets,
    private readonly sizes: JsonSizes,
    private readonly projectHolder: ProjectVerdict = {},
  ) {}

  /** Why every Stage of the project is too large to show; null within budget. */
  project(): Error | null {
    if (this.projectHolder.verdict === undefined) {
      this.projectHolder.verdict = projectOverBudget(
        projectObjectSizes(this.sizes, this.lists),
        this.budgets,
      );
    }
    return this.projectHolder.verdict;
  }

  /** Why this Stage is too large to show (or its project); null within budget. */
  stage(
    stage: Stage,
    promotions: Promotion[],
    analysisRuns: AnalysisRun[],
  ): Error | null {
    return (
      this.project() ??
      stageOverBudget(
        stageObjectSizes(this.sizes, stage, promotions, analysisRuns),
        this.budgets,
      )
    );
  }
}
