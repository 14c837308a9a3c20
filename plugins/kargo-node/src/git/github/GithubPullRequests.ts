import { LoggerService } from '@backstage/backend-plugin-api';
import { ConflictError, InputError } from '@backstage/errors';
import type { OpenPullRequest } from '@kargo-backstage/plugin-kargo-common';
import type { RestEndpointMethodTypes } from '@octokit/rest';
import { OpenOrReclaimRequest, OpenOrReclaimResult } from '../../types';
import { ParsedRepoUrl } from '../parseRepoUrl';
import { GitStats } from '../stats';
import { GithubClient, GithubClientProvider } from './githubClient';
import {
  isAlreadyExists,
  isOctokitError,
  translateGithubError,
} from './githubErrors';

type PullRequestItem =
  RestEndpointMethodTypes['pulls']['list']['response']['data'][number];

/** One page of a repository's open list, as last answered by GitHub. */
interface CachedPage {
  etag?: string;
  items: OpenPullRequest[];
  hasNext: boolean;
}

const PER_PAGE = 100;
// 50 pages = 5,000 open pull requests: far beyond any deploy repository; the
// cap only bounds a runaway loop.
const MAX_PAGES = 50;
// A hung GitHub must not hold a refresh: each call (retries included) gets 30 s.
const REQUEST_TIMEOUT_MS = 30_000;

function withTimeout() {
  return { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) };
}

/** The body octokit leaves unparsed (a web stream) as JSON. */
async function readJson(body: unknown): Promise<unknown> {
  if (typeof body === 'string') return JSON.parse(body);
  return JSON.parse(await new Response(body as ReadableStream).text());
}

function toOpenPullRequest(
  pr: PullRequestItem,
  repoUrl: string,
): OpenPullRequest {
  let state: OpenPullRequest['state'] = 'closed';
  if (pr.merged_at) {
    state = 'merged';
  } else if (pr.state === 'open') {
    state = 'open';
  }
  return {
    provider: 'github',
    repoUrl,
    number: pr.number,
    title: pr.title,
    url: pr.html_url,
    state,
    sourceBranch: pr.head.ref,
    targetBranch: pr.base.ref,
    headSha: pr.head.sha ?? null,
    author: pr.user?.login ?? null,
    createdAt: pr.created_at ?? null,
    // A deleted fork leaves `head.repo` null: still not this repository.
    fromFork:
      pr.head.repo?.full_name?.toLowerCase() !==
      pr.base.repo?.full_name?.toLowerCase(),
  };
}

/**
 * Pull requests of GitHub (github.com and Enterprise) repositories.
 *
 * Listing uses conditional requests: the ETag of every page of every
 * repository is kept with the page, and sent as If-None-Match; GitHub answers
 * 304 (which costs no rate limit) when the page is unchanged, and the kept page
 * is reused.
 */
export class GithubPullRequests {
  private readonly pages = new Map<string, CachedPage[]>();

  constructor(
    private readonly deps: {
      clients: GithubClientProvider;
      stats: GitStats;
      logger: LoggerService;
    },
  ) {}

  async listOpen(repo: ParsedRepoUrl): Promise<OpenPullRequest[]> {
    assertGithubRepo(repo);
    const client = await this.deps.clients.clientFor(repo);
    const cached = this.pages.get(repo.url) ?? [];
    const fresh: CachedPage[] = [];
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const result = await this.fetchPage(client, repo, page, cached[page - 1]);
      fresh.push(result);
      if (!result.hasNext) {
        break;
      }
    }
    this.pages.set(repo.url, fresh);
    return fresh.flatMap(p => p.items);
  }

  private async fetchPage(
    client: GithubClient,
    repo: ParsedRepoUrl,
    page: number,
    previous: CachedPage | undefined,
  ): Promise<CachedPage> {
    try {
      const response = await client.octokit.rest.pulls.list({
        owner: repo.owner,
        repo: repo.name,
        state: 'open',
        per_page: PER_PAGE,
        page,
        headers: previous?.etag ? { 'if-none-match': previous.etag } : {},
        // Octokit parses JSON with a JavaScript parser (json-with-bigint),
        // several times slower than the native one on 100 full PR objects
        // per page; no field we read is a big integer.
        request: { ...withTimeout(), parseSuccessResponseBody: false },
      });
      const data = (await readJson(
        response.data as unknown,
      )) as PullRequestItem[];
      return {
        etag: response.headers.etag,
        items: data.map(pr => toOpenPullRequest(pr, repo.url)),
        hasNext: /rel="next"/.test(response.headers.link ?? ''),
      };
    } catch (error) {
      // Octokit reports 304 Not Modified as a RequestError.
      if (isOctokitError(error) && error.status === 304 && previous) {
        this.deps.stats.notModified += 1;
        return previous;
      }
      throw translateGithubError(error, this.errorContext(client, repo));
    }
  }

  async openOrReclaim(
    repo: ParsedRepoUrl,
    request: OpenOrReclaimRequest,
  ): Promise<OpenOrReclaimResult> {
    assertGithubRepo(repo);
    const client = await this.deps.clients.clientFor(repo);
    const existing = await this.findOpen(client, repo, request);
    if (existing) {
      return this.reclaim(client, repo, existing, request);
    }
    try {
      const { data } = await client.octokit.rest.pulls.create({
        owner: repo.owner,
        repo: repo.name,
        head: request.sourceBranch,
        base: request.targetBranch,
        title: request.title,
        body: request.description,
        request: withTimeout(),
      });
      this.deps.logger.info(
        `Opened pull request #${data.number} in ${repo.url} (${request.sourceBranch} -> ${request.targetBranch})`,
      );
      return { number: data.number, url: data.html_url, reclaimed: false };
    } catch (error) {
      if (!isAlreadyExists(error)) {
        throw translateGithubError(error, this.errorContext(client, repo));
      }
      // Another writer created it between our lookup and our create.
      const raced = await this.findOpen(client, repo, request);
      if (raced) {
        return this.reclaim(client, repo, raced, request);
      }
      throw new ConflictError(
        `GitHub says a pull request ${request.sourceBranch} -> ${request.targetBranch} already exists in ${repo.url}, but it is not listed as open`,
      );
    }
  }

  private async findOpen(
    client: GithubClient,
    repo: ParsedRepoUrl,
    request: OpenOrReclaimRequest,
  ): Promise<PullRequestItem | undefined> {
    try {
      // GitHub's head filter wants "owner:branch"; without the owner it is ignored.
      const { data } = await client.octokit.rest.pulls.list({
        owner: repo.owner,
        repo: repo.name,
        head: `${repo.owner}:${request.sourceBranch}`,
        base: request.targetBranch,
        state: 'open',
        per_page: PER_PAGE,
        request: withTimeout(),
      });
      // Only a head in this repository: a fork's branch of the same name is
      // someone else's pull request, never reclaimed (retitled).
      const self = `${repo.owner}/${repo.name}`.toLowerCase();
      return data.find(
        pr =>
          pr.head.ref === request.sourceBranch &&
          pr.base.ref === request.targetBranch &&
          pr.head.repo?.full_name?.toLowerCase() === self,
      );
    } catch (error) {
      throw translateGithubError(error, this.errorContext(client, repo));
    }
  }

  private async reclaim(
    client: GithubClient,
    repo: ParsedRepoUrl,
    pr: PullRequestItem,
    request: OpenOrReclaimRequest,
  ): Promise<OpenOrReclaimResult> {
    const titleChanged = pr.title !== request.title;
    const bodyChanged =
      request.description !== undefined &&
      (pr.body ?? '') !== request.description;
    if (titleChanged || bodyChanged) {
      try {
        await client.octokit.rest.pulls.update({
          owner: repo.owner,
          repo: repo.name,
          pull_number: pr.number,
          ...(titleChanged ? { title: request.title } : {}),
          ...(bodyChanged ? { body: request.description } : {}),
          request: withTimeout(),
        });
      } catch (error) {
        throw translateGithubError(error, this.errorContext(client, repo));
      }
    }
    this.deps.logger.info(
      `Reclaimed pull request #${pr.number} in ${repo.url}${
        titleChanged || bodyChanged ? ' (title/description updated)' : ''
      }`,
    );
    return { number: pr.number, url: pr.html_url, reclaimed: true };
  }

  private errorContext(client: GithubClient, repo: ParsedRepoUrl) {
    return { host: client.host, repo: repo.url, token: client.token };
  }
}

function assertGithubRepo(repo: ParsedRepoUrl): void {
  if (repo.path.split('/').length !== 2) {
    throw new InputError(
      `Invalid GitHub repository URL ${repo.url}: expected https://${repo.host}/<owner>/<repository>`,
    );
  }
}
