import {
  analysisRunsOfStage,
  buildStageDetail,
  candidateRunsOfStage,
  indexAnalysisRunsByStage,
  promotionsOfStage,
  repositoriesOfStage,
  type AnalysisRunIndex,
  type Freight,
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

/**
 * Reads one project with one paginated LIST per kind (never a request per
 * Stage) and builds every Stage's detail. A Stage that cannot be built gets
 * an error entry; it never hides the others.
 */
export async function gatherProject(options: GatherProjectOptions): Promise<StageDetail[]> {
  const { client, project } = options;
  const [stages, freight, promotions, analysisRuns] = await Promise.all([
    client.listStages(project),
    client.listFreight(project),
    client.listPromotions(project),
    client.listAnalysisRuns(project),
  ]);

  // Grouped once per project: each Stage then looks at its own runs, not at
  // every run of the project (that was Stages x runs).
  const runIndex = indexAnalysisRunsByStage(analysisRuns);
  const details = await Promise.all(
    stages.map(stage => buildOne(options, stage, { freight, promotions, runIndex })),
  );
  return details.sort((a, b) => a.name.localeCompare(b.name));
}

async function buildOne(
  options: GatherProjectOptions,
  stage: Stage,
  data: { freight: Freight[]; promotions: Promotion[]; runIndex: AnalysisRunIndex },
): Promise<StageDetail> {
  const { instance, now } = options;
  // buildStageDetail never throws; listing the Stage's repositories might.
  try {
    // Every use of the promotions selects the Stage's own with
    // promotionsOfStage, so handing over only those changes nothing but the
    // work: the project's list is filtered once per Stage, not at every use.
    const promotions = promotionsOfStage(stage, data.promotions);
    const repos = repositoriesOfStage(stage, promotions);
    const listed = await Promise.all(repos.map(repo => options.pullRequests.list(repo)));
    const open: OpenPullRequest[] = listed.flatMap(r => r.pullRequests);
    const pullRequestErrors: RepositoryError[] = listed.flatMap(r => (r.error ? [r.error] : []));
    return buildStageDetail({
      instance: instance.name,
      kargoUrl: instance.kargoUrl,
      stage,
      // analysisRunsOfStage still decides; the index only narrows its input.
      analysisRuns: analysisRunsOfStage(stage, candidateRunsOfStage(data.runIndex, stage)),
      freight: data.freight,
      promotions,
      repositories: repos,
      // Attributed to the Stage (and orphans found) inside buildStageDetail.
      pullRequests: open,
      pullRequestErrors,
      lastUpdated: now,
      stale: false,
    });
  } catch (error) {
    return brokenStage(options, stage.metadata?.name ?? '(unnamed)', error);
  }
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
