import type { LoggerService } from '@backstage/backend-plugin-api';
import { ConflictError, InputError } from '@backstage/errors';
import type {
  BitbucketCloudIntegrationConfig,
  ScmIntegrationRegistry,
} from '@backstage/integration';
import {
  pullRequestTerms,
  type OpenPullRequest,
} from '@kargo-backstage/plugin-kargo-common';
import type { OpenOrReclaimRequest, OpenOrReclaimResult } from '../../types';
import type { GitErrorContext, GitProvider } from '../GitProvider';
import type { ParsedRepoUrl } from '../parseRepoUrl';
import type { GitStats } from '../stats';
import { translateBitbucketCloudError } from './bitbucketCloudErrors';
import {
  bitbucketCloudHeaders,
  bitbucketCloudRequest,
  bitbucketCloudSecret,
  BitbucketCloudHttpError,
} from './bitbucketCloudHttp';
import {
  BITBUCKET_CLOUD_WEBHOOK_TOPICS,
  parseBitbucketCloudWebhookEvent,
} from './bitbucketCloudWebhook';

/** The fields of Bitbucket Cloud's `pullrequest` object we read. */
interface BitbucketPullRequest {
  id: number;
  title: string;
  description?: string;
  state: 'OPEN' | 'MERGED' | 'DECLINED' | 'SUPERSEDED';
  created_on?: string;
  author?: { nickname?: string; display_name?: string } | null;
  source: {
    branch: { name: string };
    commit?: { hash?: string } | null;
    repository?: { full_name?: string } | null;
  };
  destination: {
    branch: { name: string };
    repository?: { full_name?: string } | null;
  };
  links: { html: { href: string } };
}

/** A page of a paginated list: `values` and the absolute `next` link. */
interface Page<T> {
  values: T[];
  next?: string;
}

// Bitbucket caps a pull request page at 50.
const PAGE_LEN = 50;
// 100 pages = 5,000 open pull requests; the cap only bounds a runaway loop.
const MAX_PAGES = 100;

function toOpenPullRequest(
  pr: BitbucketPullRequest,
  repoUrl: string,
): OpenPullRequest {
  const states = { OPEN: 'open', MERGED: 'merged' } as const;
  return {
    provider: 'bitbucket',
    repoUrl,
    number: pr.id,
    title: pr.title,
    url: pr.links.html.href,
    state: states[pr.state as keyof typeof states] ?? 'closed',
    sourceBranch: pr.source.branch.name,
    targetBranch: pr.destination.branch.name,
    headSha: pr.source.commit?.hash ?? null,
    author: pr.author?.nickname ?? pr.author?.display_name ?? null,
    createdAt: pr.created_on ?? null,
    fromFork:
      (pr.source.repository?.full_name ?? '').toLowerCase() !==
      (pr.destination.repository?.full_name ?? '').toLowerCase(),
  };
}

const segment = encodeURIComponent;

/**
 * Bitbucket Cloud (bitbucket.org, `integrations.bitbucketCloud`) as a
 * {@link GitProvider}, over its REST API 2.0 with plain fetch (no maintained
 * client on npm covers it; Kargo's own provider is a generated client over
 * the same endpoints, akuity/kargo pkg/gitprovider/bitbucket/cloud):
 * `GET /repositories/{ws}/{repo}/pullrequests?state=OPEN` page by page
 * (`values`, `next`; Bitbucket lists carry no ETag, so every listing reads
 * every page), `POST .../pullrequests` to open, `PUT .../pullrequests/{id}`
 * to retitle, `POST .../pullrequests/{id}/decline` to close and
 * `DELETE .../refs/branches/{name}` to delete a branch.
 */
export class BitbucketCloudProvider implements GitProvider {
  readonly name = 'bitbucket';
  readonly terms = pullRequestTerms('bitbucket');
  readonly webhookTopics = BITBUCKET_CLOUD_WEBHOOK_TOPICS;
  readonly parseWebhookEvent = parseBitbucketCloudWebhookEvent;
  readonly translateError = translateBitbucketCloudError;

  constructor(
    private readonly deps: {
      integrations: ScmIntegrationRegistry;
      stats: GitStats;
      logger: LoggerService;
      fetch?: typeof fetch;
      /**
       * The API base per host when config names one under
       * `integrations.bitbucketCloud[].apiBaseUrl` (Backstage's reader fixes
       * it to https://api.bitbucket.org/2.0; a proxy or the sandbox sets it).
       */
      apiBaseUrls?: ReadonlyMap<string, string>;
    },
  ) {}

  handles(host: string): boolean {
    return this.deps.integrations.bitbucketCloud.byHost(host) !== undefined;
  }

  /** One token (or app password) per host. */
  rateLimitKey(repo: ParsedRepoUrl): string {
    return repo.host;
  }

  async listOpen(repo: ParsedRepoUrl): Promise<OpenPullRequest[]> {
    const all = await this.listOpenRaw(repo);
    return all.map(pr => toOpenPullRequest(pr, repo.url));
  }

  /**
   * Bitbucket cannot filter on branches (akuity/kargo filters client-side
   * too): the open list is read and searched. Only a source branch of this
   * repository counts: a fork's PR is someone else's, never reclaimed.
   */
  async openOrReclaim(
    repo: ParsedRepoUrl,
    request: OpenOrReclaimRequest,
  ): Promise<OpenOrReclaimResult> {
    const existing = await this.findOpen(repo, request);
    if (existing) return this.reclaim(repo, existing, request);
    try {
      const created = await this.call<BitbucketPullRequest>(
        repo,
        `${this.repoPath(repo)}/pullrequests`,
        'POST',
        {
          title: request.title,
          ...(request.description !== undefined
            ? { description: request.description }
            : {}),
          source: { branch: { name: request.sourceBranch } },
          destination: { branch: { name: request.targetBranch } },
        },
      );
      this.deps.logger.info(
        `Opened pull request #${created.id} in ${repo.url} (${request.sourceBranch} -> ${request.targetBranch})`,
      );
      return {
        number: created.id,
        url: created.links.html.href,
        reclaimed: false,
      };
    } catch (error) {
      // Opened by another writer between our lookup and our create:
      // Bitbucket refuses a second open pull request between the same
      // branches (400), so look again and reclaim it.
      if (!(error instanceof InputError || error instanceof ConflictError)) {
        throw error;
      }
      const raced = await this.findOpen(repo, request);
      if (raced) return this.reclaim(repo, raced, request);
      throw error;
    }
  }

  async close(repo: ParsedRepoUrl, number: number): Promise<void> {
    await this.call(
      repo,
      `${this.repoPath(repo)}/pullrequests/${number}/decline`,
      'POST',
    );
  }

  async deleteBranch(repo: ParsedRepoUrl, branch: string): Promise<void> {
    await this.call(
      repo,
      `${this.repoPath(repo)}/refs/branches/${segment(branch)}`,
      'DELETE',
    );
  }

  private async listOpenRaw(
    repo: ParsedRepoUrl,
  ): Promise<BitbucketPullRequest[]> {
    const all: BitbucketPullRequest[] = [];
    let next: string | undefined = `${this.repoPath(
      repo,
    )}/pullrequests?state=OPEN&pagelen=${PAGE_LEN}`;
    for (let page = 0; next && page < MAX_PAGES; page += 1) {
      const answer: Page<BitbucketPullRequest> = await this.call(repo, next);
      all.push(...(answer.values ?? []));
      next = answer.next;
    }
    return all;
  }

  private async findOpen(repo: ParsedRepoUrl, request: OpenOrReclaimRequest) {
    const self = `${repo.owner}/${repo.name}`.toLowerCase();
    return (await this.listOpenRaw(repo)).find(
      pr =>
        pr.source.branch.name === request.sourceBranch &&
        pr.destination.branch.name === request.targetBranch &&
        (pr.source.repository?.full_name ?? self).toLowerCase() === self,
    );
  }

  private async reclaim(
    repo: ParsedRepoUrl,
    pr: BitbucketPullRequest,
    request: OpenOrReclaimRequest,
  ): Promise<OpenOrReclaimResult> {
    const titleChanged = pr.title !== request.title;
    const bodyChanged =
      request.description !== undefined &&
      (pr.description ?? '') !== request.description;
    if (titleChanged || bodyChanged) {
      await this.call(
        repo,
        `${this.repoPath(repo)}/pullrequests/${pr.id}`,
        'PUT',
        {
          title: request.title,
          ...(request.description !== undefined
            ? { description: request.description }
            : {}),
        },
      );
    }
    this.deps.logger.info(
      `Reclaimed pull request #${pr.id} in ${repo.url}${
        titleChanged || bodyChanged ? ' (title/description updated)' : ''
      }`,
    );
    return { number: pr.id, url: pr.links.html.href, reclaimed: true };
  }

  /** `repositories/{workspace}/{repo_slug}` of a repository URL. */
  private repoPath(repo: ParsedRepoUrl): string {
    if (repo.path.split('/').length !== 2) {
      throw new InputError(
        `Invalid Bitbucket Cloud repository URL ${repo.url}: expected https://${repo.host}/<workspace>/<repository>`,
      );
    }
    return `repositories/${segment(repo.owner)}/${segment(repo.name)}`;
  }

  private async call<T>(
    repo: ParsedRepoUrl,
    path: string,
    method = 'GET',
    body?: unknown,
  ): Promise<T> {
    const config = this.config(repo);
    const context: GitErrorContext = {
      host: repo.host,
      repo: repo.url,
      token: bitbucketCloudSecret(config),
    };
    try {
      return await bitbucketCloudRequest<T>({
        apiBaseUrl: this.deps.apiBaseUrls?.get(repo.host) ?? config.apiBaseUrl,
        path,
        method,
        body,
        headers: await bitbucketCloudHeaders(config),
        fetch: this.deps.fetch,
        onRequest: () => {
          this.deps.stats.bitbucket += 1;
        },
      });
    } catch (error) {
      throw translateBitbucketCloudError(
        error instanceof BitbucketCloudHttpError || !(error instanceof Error)
          ? error
          : new Error(error.message),
        context,
      );
    }
  }

  private config(repo: ParsedRepoUrl): BitbucketCloudIntegrationConfig {
    const integration = this.deps.integrations.bitbucketCloud.byHost(repo.host);
    if (!integration) {
      throw new InputError(
        `No Bitbucket Cloud integration is configured for host ${repo.host}`,
      );
    }
    return integration.config;
  }
}
