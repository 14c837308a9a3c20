import { LoggerService } from '@backstage/backend-plugin-api';
import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import {
  DefaultGithubCredentialsProvider,
  GithubCredentialsProvider,
  ScmIntegrations,
} from '@backstage/integration';
import {
  normalizeBranchName,
  type OpenPullRequest,
} from '@kargo-backstage/plugin-kargo-common';
import {
  OpenOrReclaimRequest,
  OpenOrReclaimResult,
  PullRequestService,
} from '../types';
import { BitbucketCloudProvider } from './bitbucketCloud/BitbucketCloudProvider';
import type { GitProvider } from './GitProvider';
import { GitProviderRegistry } from './GitProviderRegistry';
import { GithubClientProvider } from './github/githubClient';
import { GithubProvider } from './github/GithubProvider';
import { GithubPullRequests } from './github/GithubPullRequests';
import { GitlabMergeRequests } from './gitlab/GitlabMergeRequests';
import { GitlabProvider } from './gitlab/GitlabProvider';
import { ParsedRepoUrl, parseRepoUrl } from './parseRepoUrl';
import { withListingRules } from './listingRules';
import { RateLimitGate } from './RateLimitGate';
import { emptyStats, GitStats } from './stats';

/**
 * A PullRequestService that also reports its request counters.
 *
 * @public
 */
export interface GitPullRequestService extends PullRequestService {
  /** A copy of the counters since creation. */
  stats(): GitStats;
  /**
   * The providers, chosen by host; `add` one (the extension point does).
   * Its `webhookTopics()` and `parseWebhookEvent()` serve the webhooks.
   */
  readonly providers: GitProviderRegistry;
  /** Closes (Bitbucket: declines) an open PR/MR of the repository. */
  closePullRequest(repoUrl: string, number: number): Promise<void>;
  /** Deletes a branch of the repository. */
  deleteBranch(repoUrl: string, branch: string): Promise<void>;
}

/** @public */
export interface PullRequestServiceOptions {
  /** The root config; `integrations.github` / `integrations.gitlab` are read once. */
  config: Config;
  logger: LoggerService;
  /**
   * The fetch used for GitHub and GitLab API calls (default: the global fetch,
   * looked up per call). GitHub App token minting inside
   * `@backstage/integration` always uses the global fetch.
   */
  fetchApiOverride?: { fetch: typeof fetch };
  /** Replaces DefaultGithubCredentialsProvider (e.g. a shared instance). */
  githubCredentialsProvider?: GithubCredentialsProvider;
  /**
   * Retries of GitHub 5xx and network errors: `retries` (default 2) after
   * (n+1)^2 x `retryAfterBaseValue` ms (default 1000). Rate limits (403/429)
   * are never retried.
   */
  githubRetry?: { retries?: number; retryAfterBaseValue?: number };
  /** Providers asked after the built-in ones (e.g. from the extension point). */
  providers?: GitProvider[];
}

/**
 * The API base of each Bitbucket Cloud integration that names one in config:
 * Backstage's reader fixes `apiBaseUrl` to https://api.bitbucket.org/2.0, so
 * a proxy (or the sandbox) is read from the raw `integrations.bitbucketCloud`.
 */
function bitbucketCloudApiBaseUrls(config: Config): Map<string, string> {
  const urls = new Map<string, string>();
  for (const entry of config.getOptionalConfigArray(
    'integrations.bitbucketCloud',
  ) ?? []) {
    const url = entry.getOptionalString('apiBaseUrl');
    if (url) urls.set(entry.getOptionalString('host') ?? 'bitbucket.org', url);
  }
  return urls;
}

/**
 * Creates the PullRequestService over Backstage's integrations. The provider
 * is chosen by the repository URL's host (see GitProviderRegistry): a host
 * under `integrations.github` (github.com is always there) goes to GitHub,
 * one under `integrations.gitlab` (gitlab.com is always there) to GitLab,
 * bitbucket.org (`integrations.bitbucketCloud`) to Bitbucket Cloud, then
 * `options.providers`; any other host is an InputError for that repository
 * only.
 *
 * @public
 */
export function createPullRequestService(
  options: PullRequestServiceOptions,
): GitPullRequestService {
  const { config, logger } = options;
  const integrations = ScmIntegrations.fromConfig(config);
  const stats = emptyStats();
  const fetchImpl = options.fetchApiOverride
    ? options.fetchApiOverride.fetch.bind(options.fetchApiOverride)
    : undefined;
  const gate = new RateLimitGate(stats);

  const githubClients = new GithubClientProvider({
    integrations,
    credentialsProvider:
      options.githubCredentialsProvider ??
      DefaultGithubCredentialsProvider.fromIntegrations(integrations),
    logger,
    stats,
    fetch: fetchImpl,
    tuning: options.githubRetry,
  });
  const registry = new GitProviderRegistry([
    new GithubProvider(
      githubClients,
      new GithubPullRequests({ clients: githubClients, stats, logger }),
    ),
    new GitlabProvider(
      integrations,
      new GitlabMergeRequests({
        integrations,
        stats,
        logger,
        fetch: fetchImpl,
      }),
    ),
    new BitbucketCloudProvider({
      integrations,
      stats,
      logger,
      fetch: fetchImpl,
      apiBaseUrls: bitbucketCloudApiBaseUrls(config),
    }),
    ...(options.providers ?? []),
  ]);

  /** The provider of the repository's host, behind its rate-limit gate. */
  async function route<T>(
    repoUrl: string,
    call: (provider: GitProvider, repo: ParsedRepoUrl) => Promise<T>,
  ): Promise<T> {
    const repo = parseRepoUrl(repoUrl);
    const provider = registry.providerFor(repo.host);
    const gateKey = `${provider.name}:${provider.rateLimitKey(repo)}`;
    gate.check(gateKey);
    try {
      return await call(provider, repo);
    } catch (error) {
      gate.record(gateKey, error);
      throw error;
    }
  }

  const service = {
    providers: registry,

    async listOpenPullRequests(repoUrl: string): Promise<OpenPullRequest[]> {
      return route(repoUrl, (p, repo) => p.listOpen(repo));
    },

    async openOrReclaim(
      request: OpenOrReclaimRequest,
    ): Promise<OpenOrReclaimResult> {
      for (const field of ['sourceBranch', 'targetBranch', 'title'] as const) {
        if (!request[field]?.trim()) {
          throw new InputError(`openOrReclaim needs a non-empty ${field}`);
        }
      }
      for (const field of ['sourceBranch', 'targetBranch'] as const) {
        assertPlainBranch(request[field], field);
      }
      if (request.sourceBranch === request.targetBranch) {
        throw new InputError(
          `Source and target branch are both ${request.sourceBranch}`,
        );
      }
      return route(request.repoUrl, (p, repo) =>
        p.openOrReclaim(repo, request),
      );
    },

    async closePullRequest(repoUrl: string, number: number): Promise<void> {
      if (!Number.isInteger(number) || number < 1) {
        throw new InputError(`Not a pull request number: ${number}`);
      }
      return route(repoUrl, (p, repo) => p.close(repo, number));
    },

    async deleteBranch(repoUrl: string, branch: string): Promise<void> {
      assertPlainBranch(branch, 'branch');
      return route(repoUrl, (p, repo) => p.deleteBranch(repo, branch));
    },

    stats(): GitStats {
      return { ...stats };
    },
  };
  // The listing rules (sharing, concurrency, errors as data) on top.
  return {
    ...withListingRules(service, { logger }),
    closePullRequest: service.closePullRequest,
    deleteBranch: service.deleteBranch,
    providers: registry,
  };
}

function assertPlainBranch(branch: string, field: string): void {
  if (!branch?.trim() || normalizeBranchName(branch) !== branch) {
    throw new InputError(
      `Needs a plain branch name as ${field}, got ${JSON.stringify(
        branch,
      )} (fork heads owner:branch and other refs are refused)`,
    );
  }
}
