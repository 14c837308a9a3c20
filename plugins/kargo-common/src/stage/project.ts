import { repositoriesFromSteps } from '../pullRequests/repositories';
import { gitStepsOfStage, promotionsOfStage } from '../pullRequests/steps';
import type {
  AnalysisRun,
  Freight,
  OpenPullRequest,
  Promotion,
  RepositoryError,
  Stage,
  StageDetail,
} from '../types';
import { analysisRunsOfStage } from '../verification/analysisRuns';
import { candidateRunsOfStage, indexAnalysisRunsByStage } from '../verification/runIndex';
import { buildStageDetail } from './detail';

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
  project: string;
  /** ISO time stamped on every Stage built. */
  now: string;
  /** The last listing of a repository; undefined while it was never listed. */
  pullRequestsOf(repoUrl: string): RepositoryListing | undefined;
  /** Build only these Stages (by name); every Stage when absent. */
  only?: ReadonlySet<string>;
}

/** A Stage's detail and the repositories whose pull requests it shows. @public */
export interface BuiltStage {
  detail: StageDetail;
  repositories: string[];
}

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/**
 * The entry of a Stage whose data could not be turned into a detail.
 *
 * @public
 */
export function brokenStageDetail(
  where: { instance: string; project: string; now: string },
  name: string,
  error: unknown,
): StageDetail {
  const message = `This Stage could not be read: ${messageOf(error)}`;
  const blocked = { allowed: false, reason: message };
  return {
    instance: where.instance,
    project: where.project,
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
    lastUpdated: where.now,
    stale: false,
  };
}

/**
 * Builds the Stages of one project from its lists, one at a time (the caller
 * may yield to its event loop between them). The project's runs are grouped
 * once, and each Stage's promotions selected once. A Stage that cannot be
 * built gets the "could not be read" entry; it never hides the others.
 *
 * @public
 */
export function* buildProjectStages(input: BuildProjectStagesInput): Generator<BuiltStage> {
  const runIndex = indexAnalysisRunsByStage(input.analysisRuns);
  for (const stage of input.stages) {
    const name = stage?.metadata?.name ?? '(unnamed)';
    if (input.only && !input.only.has(name)) continue;
    try {
      const promotions = promotionsOfStage(stage, input.promotions);
      const gitSteps = gitStepsOfStage(stage, promotions);
      const repositories = repositoriesFromSteps(stage, promotions, gitSteps);
      const listings = repositories.flatMap(repo => input.pullRequestsOf(repo) ?? []);
      const detail = buildStageDetail({
        instance: input.instance,
        kargoUrl: input.kargoUrl,
        stage,
        analysisRuns: analysisRunsOfStage(stage, candidateRunsOfStage(runIndex, stage)),
        freight: input.freight,
        promotions,
        repositories,
        gitSteps,
        pullRequests: listings.flatMap(l => l.pullRequests),
        pullRequestErrors: listings.flatMap(l => (l.error ? [l.error] : [])),
        lastUpdated: input.now,
        stale: false,
      });
      yield { detail, repositories };
    } catch (error) {
      yield { detail: brokenStageDetail(input, name, error), repositories: [] };
    }
  }
}
