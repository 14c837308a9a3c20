import { pullRequestTerms } from '@kargo-backstage/plugin-kargo-common';
import type { OpenOrReclaimRequest } from '../../types';
import type { GitErrorContext, GitProvider } from '../GitProvider';
import type { ParsedRepoUrl } from '../parseRepoUrl';
import type { GithubClientProvider } from './githubClient';
import { isOctokitError, translateGithubError } from './githubErrors';
import { GithubPullRequests } from './GithubPullRequests';
import {
  GITHUB_WEBHOOK_TOPICS,
  parseGithubWebhookEvent,
} from './githubWebhook';

const TIMEOUT_MS = 30_000;

/**
 * GitHub (github.com and Enterprise, `integrations.github`) as a
 * {@link GitProvider}: listing and open-or-reclaim by GithubPullRequests,
 * closing by `PATCH /pulls/{n}` `state: closed`, deleting a branch by
 * `DELETE /git/refs/heads/{branch}`.
 */
export class GithubProvider implements GitProvider {
  readonly name = 'github';
  readonly terms = pullRequestTerms('github');
  readonly webhookTopics = GITHUB_WEBHOOK_TOPICS;
  readonly parseWebhookEvent = parseGithubWebhookEvent;
  readonly translateError = translateGithubError;

  constructor(
    private readonly clients: GithubClientProvider,
    private readonly pulls: GithubPullRequests,
  ) {}

  handles(host: string): boolean {
    return this.clients.handles(host);
  }

  /** GitHub App tokens are per installation (owner): one bucket per owner. */
  rateLimitKey(repo: ParsedRepoUrl): string {
    return `${repo.host}/${repo.owner.toLowerCase()}`;
  }

  listOpen(repo: ParsedRepoUrl) {
    return this.pulls.listOpen(repo);
  }

  openOrReclaim(repo: ParsedRepoUrl, request: OpenOrReclaimRequest) {
    return this.pulls.openOrReclaim(repo, request);
  }

  async close(repo: ParsedRepoUrl, number: number): Promise<void> {
    const client = await this.clients.clientFor(repo);
    try {
      await client.octokit.rest.pulls.update({
        owner: repo.owner,
        repo: repo.name,
        pull_number: number,
        state: 'closed',
        request: { signal: AbortSignal.timeout(TIMEOUT_MS) },
      });
    } catch (error) {
      throw translateGithubError(error, this.context(client, repo));
    }
  }

  async deleteBranch(repo: ParsedRepoUrl, branch: string): Promise<void> {
    const client = await this.clients.clientFor(repo);
    try {
      await client.octokit.rest.git.deleteRef({
        owner: repo.owner,
        repo: repo.name,
        ref: `heads/${branch}`,
        request: { signal: AbortSignal.timeout(TIMEOUT_MS) },
      });
    } catch (error) {
      // GitHub answers a missing ref with 422 "Reference does not exist".
      const missing =
        isOctokitError(error) &&
        error.status === 422 &&
        /reference does not exist/i.test(error.message);
      throw translateGithubError(
        missing ? { ...error, status: 404, message: error.message } : error,
        this.context(client, repo),
      );
    }
  }

  private context(
    client: { host: string; token?: string },
    repo: ParsedRepoUrl,
  ): GitErrorContext {
    return { host: client.host, repo: repo.url, token: client.token };
  }
}
