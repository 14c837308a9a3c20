import { LoggerService } from '@backstage/backend-plugin-api';
import { ConflictError, InputError } from '@backstage/errors';
import {
  getGitLabIntegrationRelativePath,
  ScmIntegrationRegistry,
} from '@backstage/integration';
import {
  Branches,
  MergeRequests,
  type MergeRequestSchema,
} from '@gitbeaker/rest';
import type { OpenPullRequest } from '@kargo-backstage/plugin-kargo-common';
import { OpenOrReclaimRequest, OpenOrReclaimResult } from '../../types';
import { ParsedRepoUrl, withoutPathPrefix } from '../parseRepoUrl';
import { GitStats } from '../stats';
import { alreadyExistsIid, translateGitlabError } from './gitlabErrors';
import { createGitlabRequesterFn } from './gitlabRequester';

type MergeRequestsApi = InstanceType<typeof MergeRequests<false>>;
type MergeRequest = Pick<
  MergeRequestSchema,
  | 'iid'
  | 'title'
  | 'description'
  | 'web_url'
  | 'state'
  | 'source_branch'
  | 'target_branch'
  | 'sha'
  | 'author'
  | 'created_at'
  | 'source_project_id'
  | 'target_project_id'
>;

/** The two gitbeaker resources we use, and the facts errors need. */
export interface GitlabClient {
  api: MergeRequestsApi;
  branches: InstanceType<typeof Branches<false>>;
  host: string;
  token?: string;
}

const PER_PAGE = 100;
const MAX_PAGES = 50;
// gitbeaker's default is 5 minutes; a refresh should give up sooner.
const QUERY_TIMEOUT_MS = 30_000;

function toOpenPullRequest(mr: MergeRequest, repoUrl: string): OpenPullRequest {
  let state: OpenPullRequest['state'] = 'open';
  if (mr.state === 'merged') {
    state = 'merged';
  } else if (mr.state === 'closed') {
    state = 'closed';
  }
  return {
    provider: 'gitlab',
    repoUrl,
    number: mr.iid,
    title: mr.title,
    url: mr.web_url,
    state,
    sourceBranch: mr.source_branch,
    targetBranch: mr.target_branch,
    headSha: mr.sha ?? null,
    author: mr.author?.username ?? null,
    createdAt: mr.created_at ?? null,
    fromFork: mr.source_project_id !== mr.target_project_id,
  };
}

/**
 * Merge requests of GitLab (gitlab.com and self-hosted) projects, through
 * gitbeaker sending to the integration's `apiBaseUrl` with its token. GitLab
 * lists carry no ETag, so each listing reads every page.
 */
export class GitlabMergeRequests {
  private readonly clients = new Map<string, GitlabClient>();

  constructor(
    private readonly deps: {
      integrations: ScmIntegrationRegistry;
      stats: GitStats;
      logger: LoggerService;
      fetch?: typeof fetch;
    },
  ) {}

  async listOpen(repoUrl: ParsedRepoUrl): Promise<OpenPullRequest[]> {
    const repo = this.project(repoUrl);
    const client = this.clientFor(repo);
    try {
      const mrs = await client.api.all({
        projectId: repo.path,
        state: 'opened',
        perPage: PER_PAGE,
        maxPages: MAX_PAGES,
        pagination: 'offset',
      });
      return mrs.map(mr => toOpenPullRequest(mr, repo.url));
    } catch (error) {
      throw translateGitlabError(error, this.context(client, repo));
    }
  }

  /**
   * GitLab allows one open MR per source branch, whatever its target. So the
   * lookup is by source branch only; an open MR found with another target is
   * retargeted to the requested one (see docs/pull-requests.md: the source
   * branch holds what the caller just pushed, so the MR is the caller's).
   */
  async openOrReclaim(
    repoUrl: ParsedRepoUrl,
    request: OpenOrReclaimRequest,
  ): Promise<OpenOrReclaimResult> {
    const repo = this.project(repoUrl);
    const client = this.clientFor(repo);
    const ctx = this.context(client, repo);
    const existing = await this.findOpen(client, repo, request.sourceBranch);
    if (existing) {
      return this.reclaim(client, repo, existing, request);
    }
    try {
      const created = await client.api.create(
        repo.path,
        request.sourceBranch,
        request.targetBranch,
        request.title,
        request.description !== undefined
          ? { description: request.description }
          : {},
      );
      this.deps.logger.info(
        `Opened merge request !${created.iid} in ${repo.url} (${request.sourceBranch} -> ${request.targetBranch})`,
      );
      return { number: created.iid, url: created.web_url, reclaimed: false };
    } catch (error) {
      const iid = alreadyExistsIid(error);
      if (iid === undefined) {
        throw translateGitlabError(error, ctx);
      }
      // Created by another writer meanwhile: find it again, or by the !N
      // GitLab names in its 409.
      const raced =
        (await this.findOpen(client, repo, request.sourceBranch)) ??
        (iid > 0 ? await this.show(client, repo, iid) : undefined);
      if (
        raced &&
        raced.state !== 'merged' &&
        raced.state !== 'closed' &&
        raced.source_branch === request.sourceBranch &&
        raced.source_project_id === raced.target_project_id
      ) {
        return this.reclaim(client, repo, raced, request);
      }
      throw new ConflictError(
        `GitLab says a merge request from ${request.sourceBranch} already exists in ${repo.url}, but it is not listed as open`,
      );
    }
  }

  private async findOpen(
    client: GitlabClient,
    repo: ParsedRepoUrl,
    sourceBranch: string,
  ): Promise<MergeRequest | undefined> {
    try {
      const mrs = await client.api.all({
        projectId: repo.path,
        sourceBranch,
        state: 'opened',
        perPage: PER_PAGE,
        maxPages: 1,
      });
      // A fork's MR into this project may have the same source branch name:
      // it is someone else's, never reclaimed (retitled or retargeted).
      return mrs.find(
        mr =>
          mr.source_branch === sourceBranch &&
          mr.source_project_id === mr.target_project_id,
      );
    } catch (error) {
      throw translateGitlabError(error, this.context(client, repo));
    }
  }

  private async show(
    client: GitlabClient,
    repo: ParsedRepoUrl,
    iid: number,
  ): Promise<MergeRequest> {
    try {
      return await client.api.show(repo.path, iid);
    } catch (error) {
      throw translateGitlabError(error, this.context(client, repo));
    }
  }

  private async reclaim(
    client: GitlabClient,
    repo: ParsedRepoUrl,
    mr: MergeRequest,
    request: OpenOrReclaimRequest,
  ): Promise<OpenOrReclaimResult> {
    const changes: {
      title?: string;
      description?: string;
      targetBranch?: string;
    } = {};
    if (mr.title !== request.title) {
      changes.title = request.title;
    }
    if (
      request.description !== undefined &&
      (mr.description ?? '') !== request.description
    ) {
      changes.description = request.description;
    }
    if (mr.target_branch !== request.targetBranch) {
      changes.targetBranch = request.targetBranch;
    }
    if (Object.keys(changes).length > 0) {
      try {
        await client.api.edit(repo.path, mr.iid, changes);
      } catch (error) {
        throw translateGitlabError(error, this.context(client, repo));
      }
    }
    this.deps.logger.info(
      `Reclaimed merge request !${mr.iid} in ${repo.url}${
        changes.targetBranch
          ? ` (retargeted from ${mr.target_branch} to ${request.targetBranch})`
          : ''
      }`,
    );
    return { number: mr.iid, url: mr.web_url, reclaimed: true };
  }

  /**
   * The project path GitLab's API knows: without the path prefix of the
   * integration's `baseUrl`, read the way Backstage's GitLab integration
   * reads it (none for gitlab.com).
   */
  project(repo: ParsedRepoUrl): ParsedRepoUrl {
    const integration = this.deps.integrations.gitlab.byHost(repo.host);
    if (!integration) return repo;
    return withoutPathPrefix(
      repo,
      getGitLabIntegrationRelativePath(integration.config),
    );
  }

  clientFor(repo: ParsedRepoUrl): GitlabClient {
    const integration = this.deps.integrations.gitlab.byHost(repo.host);
    if (!integration) {
      throw new InputError(
        `No GitLab integration is configured for host ${repo.host}`,
      );
    }
    const { token, baseUrl, apiBaseUrl } = integration.config;
    const cached = this.clients.get(repo.host);
    if (cached && cached.token === token) {
      return cached;
    }
    // Only the resources we use: the same options as `new Gitlab({ host:
    // baseUrl, token })`, without building the 200 other resources; the
    // requester sends to `apiBaseUrl` (which may be on another host).
    const options = {
      host: baseUrl,
      // No token: anonymous access, as @backstage/integration documents.
      ...(token ? { token } : {}),
      queryTimeout: QUERY_TIMEOUT_MS,
      requesterFn: createGitlabRequesterFn({
        fetch: this.deps.fetch,
        apiBaseUrl,
        onRequest: () => {
          this.deps.stats.gitlab += 1;
        },
      }),
    };
    const client: GitlabClient = {
      api: new MergeRequests(options),
      branches: new Branches(options),
      host: repo.host,
      token,
    };
    this.clients.set(repo.host, client);
    return client;
  }

  context(client: GitlabClient, repo: ParsedRepoUrl) {
    return { host: client.host, repo: repo.url, token: client.token };
  }
}
