/**
 * The naive approach, on the same fleet with the same real clients
 * (@kubernetes/client-node through our cluster client, @octokit/rest,
 * @gitbeaker/rest): per Stage, GET the Stage, LIST its AnalysisRuns by label,
 * LIST the project's Promotions, and GET every pull request they record.
 * It only fetches (it builds no detail), so its time is a lower bound; and it
 * cannot see orphaned PRs, which no Promotion records.
 */
import { ConfigReader } from '@backstage/config';
import { Gitlab } from '@gitbeaker/rest';
import {
  analysisRunSelectorOfStage,
  mapLimit,
  type Promotion,
} from '@kargo-backstage/plugin-kargo-common';
import { DefaultKargoService } from '@kargo-backstage/plugin-kargo-node';
import { Octokit } from '@octokit/rest';
import { benchConfig } from './backend';
import { quietLogger } from './quietLogger';

/** Stages fetched at once: a naive loop with some parallelism. */
const CONCURRENCY = 8;

export interface NaiveResult {
  stages: number;
  analysisRuns: number;
  pullRequestsFetched: number;
  openPullRequestsFound: number;
}

function recordedPullRequest(p: Promotion): string | undefined {
  const state = (p.status as { state?: Record<string, any> } | undefined)
    ?.state;
  const url = state?.['open-pr']?.pr?.url;
  return typeof url === 'string' ? url : undefined;
}

export async function runNaive(url: string): Promise<NaiveResult> {
  const config = benchConfig(url);
  const cluster = DefaultKargoService.fromConfig({
    config: new ConfigReader(config),
    logger: quietLogger,
  }).cluster('bench');
  const octokit = new Octokit({
    baseUrl: config.integrations.github[0].apiBaseUrl,
    auth: 'sandbox-github-token',
  });
  const gitlab = new Gitlab({
    host: config.integrations.gitlab[0].baseUrl,
    token: 'sandbox-gitlab-token',
  });

  const getPullRequest = async (prUrl: string): Promise<boolean> => {
    const github =
      /^https:\/\/github\.com\/([^/]+)\/([^/]+)\/pull\/(\d+)$/.exec(prUrl);
    if (github) {
      const { data } = await octokit.rest.pulls.get({
        owner: github[1],
        repo: github[2],
        pull_number: Number(github[3]),
      });
      return data.state === 'open';
    }
    const mr =
      /^https:\/\/gitlab\.example\.com\/(.+)\/-\/merge_requests\/(\d+)$/.exec(
        prUrl,
      );
    if (!mr) throw new Error(`naive: unknown pull request URL ${prUrl}`);
    const data = await gitlab.MergeRequests.show(mr[1], Number(mr[2]));
    return data.state === 'opened';
  };

  const result: NaiveResult = {
    stages: 0,
    analysisRuns: 0,
    pullRequestsFetched: 0,
    openPullRequestsFound: 0,
  };
  const targets: Array<{ project: string; stage: string }> = [];
  for (const project of await cluster.listProjects()) {
    for (const s of await cluster.listStages(project))
      targets.push({ project, stage: s.metadata?.name ?? '' });
  }
  await mapLimit(targets, CONCURRENCY, async ({ project, stage }) => {
    await cluster.getStage(project, stage);
    const runs = await cluster.listAnalysisRuns(
      project,
      analysisRunSelectorOfStage(stage),
    );
    const promotions = (await cluster.listPromotions(project)).filter(
      p => p.spec?.stage === stage,
    );
    result.stages += 1;
    result.analysisRuns += runs.length;
    for (const prUrl of promotions.map(recordedPullRequest)) {
      if (!prUrl) continue;
      result.pullRequestsFetched += 1;
      if (await getPullRequest(prUrl)) result.openPullRequestsFound += 1;
    }
  });
  return result;
}
