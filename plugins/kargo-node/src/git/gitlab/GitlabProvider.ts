import type { ScmIntegrationRegistry } from '@backstage/integration';
import { pullRequestTerms } from '@kargo-backstage/plugin-kargo-common';
import type { OpenOrReclaimRequest } from '../../types';
import type { GitProvider } from '../GitProvider';
import type { ParsedRepoUrl } from '../parseRepoUrl';
import { translateGitlabError } from './gitlabErrors';
import { GitlabMergeRequests } from './GitlabMergeRequests';
import {
  GITLAB_WEBHOOK_TOPICS,
  parseGitlabWebhookEvent,
} from './gitlabWebhook';

/**
 * GitLab (gitlab.com and self-hosted, `integrations.gitlab`) as a
 * {@link GitProvider}: merge requests by GitlabMergeRequests, closing by
 * `PUT /merge_requests/:iid` `state_event=close`, deleting a branch by
 * `DELETE /repository/branches/:branch`.
 */
export class GitlabProvider implements GitProvider {
  readonly name = 'gitlab';
  readonly terms = pullRequestTerms('gitlab');
  readonly webhookTopics = GITLAB_WEBHOOK_TOPICS;
  readonly parseWebhookEvent = parseGitlabWebhookEvent;
  readonly translateError = translateGitlabError;

  constructor(
    private readonly integrations: ScmIntegrationRegistry,
    private readonly mergeRequests: GitlabMergeRequests,
  ) {}

  handles(host: string): boolean {
    return this.integrations.gitlab.byHost(host) !== undefined;
  }

  /** A GitLab token is per host. */
  rateLimitKey(repo: ParsedRepoUrl): string {
    return repo.host;
  }

  listOpen(repo: ParsedRepoUrl) {
    return this.mergeRequests.listOpen(repo);
  }

  openOrReclaim(repo: ParsedRepoUrl, request: OpenOrReclaimRequest) {
    return this.mergeRequests.openOrReclaim(repo, request);
  }

  async close(repoUrl: ParsedRepoUrl, iid: number): Promise<void> {
    const repo = this.mergeRequests.project(repoUrl);
    const client = this.mergeRequests.clientFor(repo);
    try {
      await client.api.edit(repo.path, iid, { stateEvent: 'close' });
    } catch (error) {
      throw translateGitlabError(
        error,
        this.mergeRequests.context(client, repo),
      );
    }
  }

  async deleteBranch(repoUrl: ParsedRepoUrl, branch: string): Promise<void> {
    const repo = this.mergeRequests.project(repoUrl);
    const client = this.mergeRequests.clientFor(repo);
    try {
      await client.branches.remove(repo.path, branch);
    } catch (error) {
      throw translateGitlabError(
        error,
        this.mergeRequests.context(client, repo),
      );
    }
  }
}
