import {
  analysisRunsOfStage,
  buildStageDetail,
  candidateRunsOfStage,
  indexAnalysisRunsByStage,
  gitStepsOfStage,
  promotionsOfStage,
  repositoriesFromSteps,
  slimAnalysisRun,
  type AnalysisRunIndex,
  type Freight,
  type GitStep,
  type Promotion,
  type RepositoryError,
  type Stage,
  type StageDetail,
  type OpenPullRequest,
} from '@kargo-backstage/plugin-kargo-common';
import type {
  KargoClusterClient,
  KargoInstanceInfo,
} from '@kargo-backstage/plugin-kargo-node';
import type { PullRequestCycle } from './pullRequestGatherer';

export interface GatherProjectOptions {
  client: KargoClusterClient;
  instance: KargoInstanceInfo;
  project: string;
  pullRequests: PullRequestCycle;
  /** ISO time stamped on every Stage of this gathering. */
  now: string;
}

/** Stages built between two turns of the event loop (~5 ms of work). */
const BUILD_BATCH = 10;

function yieldToEventLoop(): Promise<void> {
  return new Promise(resolve => setImmediate(resolve));
}

/** What a Stage needs before its detail can be built: its PRs listed. */
interface StagePlan {
  stage: Stage;
  promotions: Promotion[];
  gitSteps: GitStep[];
  repositories: string[];
  pullRequests: OpenPullRequest[];
  pullRequestErrors: RepositoryError[];
}

/**
 * Reads one project with one paginated LIST per kind (never a request per
 * Stage) and builds every Stage's detail. A Stage that cannot be built gets
 * an error entry; it never hides the others.
 *
 * The Stages' pull requests are listed while the AnalysisRuns (most of the
 * bytes) are still being read, and the details are built once everything is
 * in: the parsed lists are garbage soon after they arrive, instead of living
 * (and being promoted to the old generation) through the PR listings.
 */
export async function gatherProject(options: GatherProjectOptions): Promise<StageDetail[]> {
  const { client, project } = options;
  const [planned, [freight, analysisRuns]] = await Promise.all([
    planStages(options),
    Promise.all([
      client.listFreight(project),
      // Only what the history reads is kept of each run, page by page.
      client.listAnalysisRuns(project, undefined, slimAnalysisRun),
    ]),
  ]);
  // Grouped once per project: each Stage then looks at its own runs, not at
  // every run of the project (that was Stages x runs).
  const runIndex = indexAnalysisRunsByStage(analysisRuns);
  const details: StageDetail[] = [];
  for (const plan of planned) {
    details.push('error' in plan ? plan.error : buildOne(options, plan, freight, runIndex));
    // The backend serves every plugin from this event loop: let it answer
    // between batches rather than after a whole project.
    if (details.length % BUILD_BATCH === 0) await yieldToEventLoop();
  }
  return details.sort((a, b) => a.name.localeCompare(b.name));
}

async function planStages(
  options: GatherProjectOptions,
): Promise<Array<StagePlan | { error: StageDetail }>> {
  const { client, project } = options;
  const [stages, allPromotions] = await Promise.all([
    client.listStages(project),
    client.listPromotions(project),
  ]);
  return Promise.all(
    stages.map(async stage => {
      // Listing the Stage's repositories might throw on a malformed Stage;
      // buildStageDetail never does.
      try {
        // Every use of the promotions selects the Stage's own with
        // promotionsOfStage, so handing over only those changes nothing but
        // the work: the project's list is filtered once per Stage.
        const promotions = promotionsOfStage(stage, allPromotions);
        const gitSteps = gitStepsOfStage(stage, promotions);
        const repositories = repositoriesFromSteps(stage, promotions, gitSteps);
        const listed = await Promise.all(repositories.map(repo => options.pullRequests.list(repo)));
        return {
          stage,
          promotions,
          gitSteps,
          repositories,
          pullRequests: listed.flatMap(r => r.pullRequests),
          pullRequestErrors: listed.flatMap(r => (r.error ? [r.error] : [])),
        };
      } catch (error) {
        return { error: brokenStage(options, stage.metadata?.name ?? '(unnamed)', error) };
      }
    }),
  );
}

function buildOne(
  options: GatherProjectOptions,
  plan: StagePlan,
  freight: Freight[],
  runIndex: AnalysisRunIndex,
): StageDetail {
  const { instance, now } = options;
  const { stage } = plan;
  // buildStageDetail never throws; picking the Stage's runs might, on a
  // malformed Stage.
  let analysisRuns;
  try {
    // analysisRunsOfStage still decides; the index only narrows its input.
    analysisRuns = analysisRunsOfStage(stage, candidateRunsOfStage(runIndex, stage));
  } catch (error) {
    return brokenStage(options, stage.metadata?.name ?? '(unnamed)', error);
  }
  return buildStageDetail({
    instance: instance.name,
    kargoUrl: instance.kargoUrl,
    stage,
    analysisRuns,
    freight,
    promotions: plan.promotions,
    repositories: plan.repositories,
    gitSteps: plan.gitSteps,
    // Attributed to the Stage (and orphans found) inside buildStageDetail.
    pullRequests: plan.pullRequests,
    pullRequestErrors: plan.pullRequestErrors,
    lastUpdated: now,
    stale: false,
  });
}

/** The entry of a Stage whose data could not be turned into a detail. */
export function brokenStage(
  options: Pick<GatherProjectOptions, 'instance' | 'project' | 'now'>,
  name: string,
  error: unknown,
): StageDetail {
  const message = `This Stage could not be read: ${(error as Error)?.message ?? String(error)}`;
  const blocked = { allowed: false, reason: message };
  return {
    instance: options.instance.name,
    project: options.project,
    name,
    phase: 'Unknown',
    health: null,
    currentFreight: null,
    verificationPhase: 'None',
    verificationStale: false,
    verificationCounts: { total: 0, failed: 0, running: 0, successful: 0 },
    openPullRequests: 0,
    openPullRequestUrls: [],
    actions: { reverify: blocked, abort: blocked },
    kargoUrl: null,
    error: message,
    verifications: [],
    pullRequests: [],
    pullRequestErrors: [],
    lastUpdated: options.now,
    stale: false,
  };
}
