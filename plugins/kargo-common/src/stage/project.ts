import { walkOwn } from '../pullRequests/walk';
import { newestPromotionsFirst } from '../pullRequests/steps';
import { deriveIndexedHistory } from '../verification/deriveHistory';
import { UpstreamHistory } from '../verification/upstreamHistory';
import { shownVerificationsOf } from '../verification/shownHistory';
import { upstreamStagesOfStage } from '../promotion/upstreamStages';
import type {
  AnalysisRun,
  Freight,
  OpenPullRequest,
  Promotion,
  RepositoryError,
  Stage,
  StageDetail,
} from '../types';
import {
  type AnalysisRunIndex,
  analysisRunsOfStage,
  candidateRunsOfStage,
} from '../verification/analysisRuns';
import { type BuildStageDetailInput, buildWalkedStageDetail } from './detail';
import { withPullRequests } from './pullRequestParts';
import { unreadableStageDetail } from './unreadable';
import type { Interner } from '../util/interner';
import { JsonSizes } from '../util/jsonSize';
import { DEFAULT_OBJECT_BUDGETS, type ObjectBudgets } from './objectBudget';
import { BudgetVerdicts, type ProjectVerdict } from './budgetVerdicts';
import { ProjectIndexes } from './projectIndexes';

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
   * The project's verdict, kept by the caller between builds: a build of
   * some Stages (`only`) reuses the one a build of all measured.
   */
  projectVerdict?: ProjectVerdict;
  /**
   * The sizes of the objects, measured once each: the instance's, kept
   * between builds (a build of its own measures every object when absent).
   */
  sizes?: JsonSizes;
  /**
   * The project's indexes, kept by the caller between builds while its
   * source holds the same objects (a watch's): a build of some Stages then
   * indexes nothing of the project again. Built anew when absent.
   */
  indexes?: ProjectIndexes;
  /**
   * A Stage's detail as last built from these same objects (a watch's
   * details, kept current by its events): an upstream Stage not built now
   * serves its verifications, not its whole history derived again.
   */
  keptDetail?(stage: string): StageDetail | undefined;
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
  // The project's shared lists, indexed once for all of its Stages (each
  // when a Stage first needs it: never for a project too large), and kept
  // while they hold the same objects: a Stage costs its own, not the
  // project's whole lists.
  const indexes = input.indexes ?? new ProjectIndexes();
  // Checked against the kept one once per build, when first needed.
  let runIndex: AnalysisRunIndex | undefined;
  // `bounded` is a Stage cut to what is read of it (`indexes.stage`): a
  // status map of 130,000 keys was read whole by each of 8 readers of a
  // build (issue 35, attack 13). Its budget is the listed object's.
  const candidatesOf = (bounded: Stage) =>
    candidateRunsOfStage(
      (runIndex ??= indexes.analysisRuns(input.analysisRuns)),
      bounded,
    );
  // Measured before a Stage is built in full, each object once (JsonSizes):
  // past a budget, nothing more is done.
  const verdicts = new BudgetVerdicts(
    input,
    input.budgets ?? DEFAULT_OBJECT_BUDGETS,
    input.sizes ?? new JsonSizes(),
    input.projectVerdict,
  );
  const tooLarge = (listed: Stage, own: Promotion[]) =>
    verdicts.stage(listed, own, candidatesOf(indexes.stage(listed)));
  const projectFreight = indexes.freight(input.freight);
  const projectPromotions = indexes.promotions(input.promotions);
  // The upstream Stages' histories, for the Freight they offer downstream
  // after a failed re-verification (akuity/kargo#5144); each derived once,
  // and indexed by Freight once for all the Stages downstream of it.
  const byName = new Map(input.stages.map(s => [s?.metadata?.name ?? '', s]));
  const histories = new Map<string, UpstreamHistory>();
  const remember = (
    name: string,
    verifications: StageDetail['verifications'],
  ) => histories.set(name, new UpstreamHistory(name, verifications));
  const historyOf = (name: string): UpstreamHistory => {
    // Not built now: its detail is current (a watch event rebuilds what it
    // touches), and holds what this would derive.
    const kept =
      input.only && !input.only.has(name)
        ? input.keptDetail?.(name)
        : undefined;
    if (!histories.has(name) && kept) remember(name, kept.verifications);
    if (!histories.has(name)) {
      const listed = byName.get(name);
      let history: StageDetail['verifications'] = [];
      try {
        // An upstream Stage too large to show offers no verified Freight.
        // Its budget measures its Promotions unsorted: none is sorted here.
        if (listed && !tooLarge(listed, projectPromotions.ownOf(listed))) {
          const upstream = indexes.stage(listed);
          // As its own detail serves it (a Stage built first is reused).
          history = shownVerificationsOf(
            upstream,
            deriveIndexedHistory(
              {
                stage: upstream,
                analysisRuns: analysisRunsOfStage(
                  upstream,
                  candidatesOf(upstream),
                ),
                interner: input.interner,
              },
              projectFreight.byName,
            ),
          );
        }
      } catch {
        history = [];
      }
      remember(name, history);
    }
    return histories.get(name)!;
  };
  // At most MAX_UPSTREAM_STAGES per Stage, not per request: 500 requests of
  // 300 names each made 150,000 histories, each asked by every option
  // (issue 35, attack 10).
  const upstreamOf = (stage: Stage) =>
    upstreamStagesOfStage(stage).map(historyOf);

  for (const listed of input.stages) {
    const name = listed?.metadata?.name ?? '(unnamed)';
    if (input.only && !input.only.has(name)) continue;
    const tooLargeEntry = (why: Error): BuiltStage => {
      remember(name, []);
      return {
        detail: unreadableStageDetail(input, name, why),
        repositories: [],
      };
    };
    try {
      // A project too large costs no selection of each Stage's Promotions.
      const projectWhy = verdicts.project();
      if (projectWhy) {
        yield tooLargeEntry(projectWhy);
        continue;
      }
      // Checked on every build, a pull-request one too: its objects may be
      // newer than those of the detail it reuses (poll mode lists anew).
      // Measured in the list's order, sorted only within its budget: a
      // Stage too large to show costs no sort of its Promotions (issue 35,
      // attack 18).
      const unsorted = projectPromotions.ownOf(listed);
      const why = tooLarge(listed, unsorted);
      if (why) {
        yield tooLargeEntry(why);
        continue;
      }
      const own = newestPromotionsFirst(unsorted);
      const stage = indexes.stage(listed);
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
        projectFreight,
        promotions,
        pullRequests: listings.flatMap(l => l.pullRequests),
        pullRequestErrors: listings.flatMap(l => (l.error ? [l.error] : [])),
        ...(pullRequestsPending ? { pullRequestsPending } : {}),
        lastUpdated: input.now,
        stale: false,
        ...(input.interner ? { interner: input.interner } : {}),
      };
      const before = input.builtBefore?.(name);
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
      if (!histories.has(name)) remember(name, detail.verifications);
      yield { detail, repositories };
    } catch (error) {
      yield {
        detail: unreadableStageDetail(input, name, error),
        repositories: [],
      };
    }
  }
}
