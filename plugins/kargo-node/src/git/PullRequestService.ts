import { LoggerService } from '@backstage/backend-plugin-api';
import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';
import {
  DefaultGithubCredentialsProvider,
  GithubCredentialsProvider,
  ScmIntegrations,
} from '@backstage/integration';
import {
  errorWithReason,
  normalizeBranchName,
  type OpenPullRequest,
} from '@kargo-backstage/plugin-kargo-common';
import {
  OpenOrReclaimRequest,
  OpenOrReclaimResult,
  PullRequestService,
} from '../types';
import { GithubClientProvider } from './github/githubClient';
import { GithubPullRequests } from './github/GithubPullRequests';
import { GitlabMergeRequests } from './gitlab/GitlabMergeRequests';
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
}

/**
 * Creates the PullRequestService over Backstage's integrations. The provider
 * is chosen by the repository URL's host: a host under `integrations.github`
 * (github.com is always there) goes to GitHub, one under `integrations.gitlab`
 * (gitlab.com is always there) to GitLab; any other host is an InputError for
 * that repository only.
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
  const github = new GithubPullRequests({
    clients: githubClients,
    stats,
    logger,
  });
  const gitlab = new GitlabMergeRequests({
    integrations,
    stats,
    logger,
    fetch: fetchImpl,
  });

  async function route<T>(
    repo: ParsedRepoUrl,
    call: (provider: GithubPullRequests | GitlabMergeRequests) => Promise<T>,
  ): Promise<T> {
    let provider: GithubPullRequests | GitlabMergeRequests;
    // Rate limits are per token: GitHub App tokens are per installation
    // (owner), so GitHub is gated per owner; a GitLab token per host.
    let gateKey: string;
    if (githubClients.handles(repo.host)) {
      provider = github;
      gateKey = `${repo.host}/${repo.owner.toLowerCase()}`;
    } else if (gitlab.handles(repo.host)) {
      provider = gitlab;
      gateKey = repo.host;
    } else {
      throw errorWithReason(InputError, {
        code: 'gitNoIntegration',
        params: { host: repo.host },
      });
    }
    gate.check(gateKey);
    try {
      return await call(provider);
    } catch (error) {
      gate.record(gateKey, error);
      throw error;
    }
  }

  const provider = {
    async listOpenPullRequests(repoUrl: string): Promise<OpenPullRequest[]> {
      const repo = parseRepoUrl(repoUrl);
      return route(repo, p => p.listOpen(repo));
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
        if (normalizeBranchName(request[field]) !== request[field]) {
          throw new InputError(
            `openOrReclaim needs a plain branch name as ${field}, got ${JSON.stringify(
              request[field],
            )} (fork heads owner:branch and other refs are refused)`,
          );
        }
      }
      if (request.sourceBranch === request.targetBranch) {
        throw new InputError(
          `Source and target branch are both ${request.sourceBranch}`,
        );
      }
      const repo = parseRepoUrl(request.repoUrl);
      return route(repo, p => p.openOrReclaim(repo, request));
    },

    stats(): GitStats {
      return { ...stats };
    },
  };
  // The listing rules (sharing, concurrency, errors as data) on top.
  return withListingRules(provider, { logger });
}
