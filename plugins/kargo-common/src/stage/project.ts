import { walkOwn } from '../pullRequests/walk';
import { promotionsOfStage } from '../pullRequests/steps';
import { asArray } from '../util/objects';
import { deriveVerificationHistory } from '../verification/deriveHistory';
import { shownVerificationsOf } from '../verification/shownHistory';
import { upstreamStagesOf } from '../promotion/upstreamStages';
import type {
  AnalysisRun,
  Freight,
  OpenPullRequest,
  Promotion,
  RepositoryError,
  Stage,
  StageDetail,
  VerificationEntry,
} from '../types';
import {
  analysisRunsOfStage,
  candidateRunsOfStage,
  indexAnalysisRunsByStage,
} from '../verification/analysisRuns';
import { type BuildStageDetailInput, buildWalkedStageDetail } from './detail';
import { withPullRequests } from './pullRequestParts';
import { unreadableStageDetail } from './unreadable';
import type { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import {
  DEFAULT_OBJECT_BUDGETS,
  type ObjectBudgets,
  projectObjectSizes,
  projectOverBudget,
  stageObjectSizes,
  stageOverBudget,
} from './objectBudget';

/** What was read of one Kargo project (by LIST or kept current by WATCH). @public */
export interface ProjectLists {
  stages: Stage[];
  analysisRuns: AnalysisRun[];
  promotions: Promotion[];
  freight: Freight[];
}

/** The last listing of a repository's open pull requests. @public */
export interface RepositoryListing {
  pullRequests: OpenPullRequest[];
  error: RepositoryError | null;
}

/** @public */
export interface BuildProjectStagesInput extends ProjectLists {
  instance: string;
  kargoUrl: string | null;
  /** Base URL of the instance's Argo CD UI, for links to the Applications a Stage updates. */
  argocdUrl?: string | null;
  project: string;
  /** ISO time stamped on every Stage built. */
  now: string;
  /** The last listing of a repository; undefined while it was never listed. */
  pullRequestsOf(repoUrl: string): RepositoryListing | undefined;
  /** Build only these Stages (by name); every Stage when absent. */
  only?: ReadonlySet<string>;
  /**
   * Only pull-request listings changed since these details were built (from
   * the same Kargo objects): a Stage with one gets only its pull-request
   * parts built again (see `withPullRequests`).
   */
  builtBefore?(stage: string): StageDetail | undefined;
  /** The instance's string table (see `BuildStageDetailInput.interner`). */
  interner?: Interner;
  /** What is built at most (`DEFAULT_OBJECT_BUDGETS` when absent). */
  budgets?: ObjectBudgets;
  /**
   * The sizes of the objects, measured once each: the instance's, kept
   * between builds (a build of its own measures every object when absent).
   */
  sizes?: JsonSizes;
}

/** A Stage's detail and the repositories whose pull requests it shows. @public */
export interface BuiltStage {
  detail: StageDetail;
  repositories: string[];
}

/**
 * Builds the Stages of one project from its lists, one at a time (the caller
 * may yield to its event loop between them). The project's runs are grouped
 * once, and each Stage's promotions selected once. A Stage that cannot be
 * built gets the "could not be read" entry; it never hides the others.
 *
 * @public
 */
export function* buildProjectStages(
  input: BuildProjectStagesInput,
): Generator<BuiltStage> {
  // Grouped when a Stage first needs it: never for a project too large.
  let runIndex: ReturnType<typeof indexAnalysisRunsByStage> | undefined;
  const candidatesOf = (stage: Stage) =>
    candidateRunsOfStage(
      (runIndex ??= indexAnalysisRunsByStage(input.analysisRuns)),
      stage,
    );
  const budgets = input.budgets ?? DEFAULT_OBJECT_BUDGETS;
  const sizes = input.sizes ?? new JsonSizes();
  // Measured when a Stage is first built in full (a detail built before
  // from the same Kargo objects was within budget then), each object once
  // (see JsonSizes): past a budget, nothing more is done.
  let projectVerdict: Error | null | undefined;
  const projectTooLarge = () => {
    if (projectVerdict === undefined)
      projectVerdict = projectOverBudget(
        projectObjectSizes(sizes, input),
        budgets,
      );
    return projectVerdict;
  };
  const tooLarge = (stage: Stage, own: Promotion[]) =>
    projectTooLarge() ??
    stageOverBudget(
      stageObjectSizes(sizes, stage, own, candidatesOf(stage)),
      budgets,
    );
  // The upstream Stages' histories, for the Freight they offer downstream
  // after a failed re-verification (akuity/kargo#5144); each derived once.
  const byName = new Map(input.stages.map(s => [s?.metadata?.name ?? '', s]));
  const histories = new Map<string, VerificationEntry[]>();
  const historyOf = (name: string): VerificationEntry[] => {
    let history = histories.get(name);
    if (!history) {
      const upstream = byName.get(name);
      try {
        // An upstream Stage too large to show offers no verified Freight.
        history =
          upstream &&
          !tooLarge(upstream, promotionsOfStage(upstream, input.promotions))
            ? // As its own detail serves it (a Stage built first is reused).
              shownVerificationsOf(
                upstream,
                deriveVerificationHistory({
                  stage: upstream,
                  analysisRuns: analysisRunsOfStage(
                    upstream,
                    candidatesOf(upstream),
                  ),
                  freight: input.freight,
                  interner: input.interner,
                }),
              )
            : [];
      } catch {
        history = [];
      }
      histories.set(name, history);
    }
    return history;
  };
  const upstreamOf = (stage: Stage) =>
    [
      ...new Set(
        asArray(stage?.spec?.requestedFreight).flatMap(
          r => upstreamStagesOf(r?.sources).stages,
        ),
      ),
    ].map(name => ({ stage: name, verifications: historyOf(name) }));

  for (const stage of input.stages) {
    const name = stage?.metadata?.name ?? '(unnamed)';
    if (input.only && !input.only.has(name)) continue;
    const tooLargeEntry = (why: Error): BuiltStage => {
      histories.set(name, []);
      return {
        detail: unreadableStageDetail(input, name, why),
        repositories: [],
      };
    };
    try {
      const before = input.builtBefore?.(name);
      const reusable = before?.error === null;
      // A project too large costs no selection of each Stage's Promotions.
      const projectWhy = reusable ? null : projectTooLarge();
      if (projectWhy) {
        yield tooLargeEntry(projectWhy);
        continue;
      }
      const own = promotionsOfStage(stage, input.promotions);
      const why = reusable ? null : tooLarge(stage, own);
      if (why) {
        yield tooLargeEntry(why);
        continue;
      }
      const walked = walkOwn(stage, own);
      const { promotions, repositories } = walked;
      let pullRequestsPending = false;
      const listings = repositories.flatMap(repo => {
        const listing = input.pullRequestsOf(repo);
        if (!listing) pullRequestsPending = true;
        return listing ?? [];
      });
      const stageInput: BuildStageDetailInput = {
        instance: input.instance,
        kargoUrl: input.kargoUrl,
        argocdUrl: input.argocdUrl,
        stage,
        freight: input.freight,
        promotions,
        pullRequests: listings.flatMap(l => l.pullRequests),
        pullRequestErrors: listings.flatMap(l => (l.error ? [l.error] : [])),
        ...(pullRequestsPending ? { pullRequestsPending } : {}),
        lastUpdated: input.now,
        stale: false,
        ...(input.interner ? { interner: input.interner } : {}),
      };
      // Built from the same Kargo objects as `before` (within budget then).
      const detail =
        (before && withPullRequests(before, stageInput, walked)) ??
        buildWalkedStageDetail(
          {
            ...stageInput,
            analysisRuns: analysisRunsOfStage(stage, candidatesOf(stage)),
            upstreamVerifications: upstreamOf(stage),
          },
          walked,
        );
      // A Stage built first serves as upstream without deriving it again.
      if (!histories.has(name)) histories.set(name, detail.verifications);
      yield { detail, repositories };
    } catch (error) {
      yield {
        detail: unreadableStageDetail(input, name, error),
        repositories: [],
      };
    }
  }
}
