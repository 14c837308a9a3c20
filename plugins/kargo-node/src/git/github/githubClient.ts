import { LoggerService } from '@backstage/backend-plugin-api';
import { InputError, ServiceUnavailableError } from '@backstage/errors';
import {
  GithubCredentialsProvider,
  ScmIntegrationRegistry,
} from '@backstage/integration';
import { retry } from '@octokit/plugin-retry';
import { throttling } from '@octokit/plugin-throttling';
import { Octokit } from '@octokit/rest';
import { reasonMessage } from '@kargo-backstage/plugin-kargo-common';
import { ParsedRepoUrl } from '../parseRepoUrl';
import { GitStats } from '../stats';

type OctokitPlugin = Parameters<typeof Octokit.plugin>[0];

// The plugins' type declarations import @octokit/core from the repository root,
// where another major version is hoisted; at runtime they get @octokit/rest's
// own core (v7, their peer dependency), so only the types need the cast. They
// add no instance members we use, hence the plain Octokit type.
const ThrottledOctokit: typeof Octokit = Octokit.plugin(
  throttling as unknown as OctokitPlugin,
  retry as unknown as OctokitPlugin,
);

/** An Octokit with throttling and retry. */
export type GithubOctokit = Octokit;

/** A client and the facts errors need (never logged with the token). */
export interface GithubClient {
  octokit: GithubOctokit;
  host: string;
  /** Kept only to redact it from upstream messages. */
  token?: string;
}

/** Tunables; defaults suit production, tests shorten the waits. */
interface GithubClientTuning {
  /** Retries of 5xx / network errors (429 and 403 are never retried). */
  retries?: number;
  /** Milliseconds per unit of the retry plugin's (n+1)^2 back-off. */
  retryAfterBaseValue?: number;
}

/**
 * Each GitHub Response, kept alive as long as its body. Node's fetch (undici)
 * cancels the unread body of a Response that is garbage-collected, and with
 * `parseSuccessResponseBody: false` Octokit hands back only the body stream:
 * a collection before the caller read it made the read fail with "Response
 * body object should not be disturbed or locked".
 */
const responsesByBody = new WeakMap<object, Response>();

interface CachedClient {
  token: string | undefined;
  client: GithubClient;
}

/**
 * Builds Octokit clients from Backstage's GitHub integrations. Credentials come
 * from DefaultGithubCredentialsProvider (a token, or a GitHub App installation
 * token minted for the repository's owner); it caches tokens itself, so asking
 * it per call is cheap and is how an App token's rotation reaches us. A client
 * is cached per host and owner, and rebuilt when the token changes.
 */
export class GithubClientProvider {
  private readonly clients = new Map<string, CachedClient>();

  constructor(
    private readonly deps: {
      integrations: ScmIntegrationRegistry;
      credentialsProvider: GithubCredentialsProvider;
      logger: LoggerService;
      stats: GitStats;
      fetch?: typeof fetch;
      tuning?: GithubClientTuning;
    },
  ) {}

  /** True when a GitHub integration is configured for the host. */
  handles(host: string): boolean {
    return this.deps.integrations.github.byHost(host) !== undefined;
  }

  async clientFor(repo: ParsedRepoUrl): Promise<GithubClient> {
    const integration = this.deps.integrations.github.byHost(repo.host);
    if (!integration) {
      throw new InputError(
        `No GitHub integration is configured for host ${repo.host}`,
      );
    }
    const apiBaseUrl = integration.config.apiBaseUrl;
    if (!apiBaseUrl) {
      throw new InputError(
        `The GitHub integration for host ${repo.host} has no apiBaseUrl`,
      );
    }
    let token: string | undefined;
    try {
      const credentials = await this.deps.credentialsProvider.getCredentials({
        url: `https://${repo.host}/${repo.owner}`,
      });
      token = credentials.token;
    } catch (error) {
      // e.g. a GitHub App with no installation for this owner; the message
      // names the owner, never a key.
      throw new ServiceUnavailableError(
        `The GitHub integration of ${repo.host} has no credentials for ${
          repo.owner
        }: ${(error as Error).message}`,
      );
    }

    const key = `${repo.host}/${repo.owner.toLowerCase()}`;
    const cached = this.clients.get(key);
    if (cached && cached.token === token) {
      return cached.client;
    }
    const client: GithubClient = {
      octokit: this.build(apiBaseUrl, token, repo.host),
      host: repo.host,
      token,
    };
    this.clients.set(key, { token, client });
    return client;
  }

  private build(
    baseUrl: string,
    token: string | undefined,
    host: string,
  ): GithubOctokit {
    const { logger, stats, tuning } = this.deps;
    const octokit = new ThrottledOctokit({
      auth: token,
      baseUrl,
      // Counting in fetch sees every HTTP request, retries included; the
      // global fetch is looked up per call so test interceptors apply.
      request: {
        fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
          stats.github += 1;
          const response = await (this.deps.fetch ?? globalThis.fetch)(
            input,
            init,
          );
          if (response.body) responsesByBody.set(response.body, response);
          return response;
        },
      },
      log: {
        debug: () => {},
        info: () => {},
        warn: message => logger.debug(`GitHub ${host}: ${message}`),
        error: message => logger.debug(`GitHub ${host}: ${message}`),
      },
      // A background refresh must not sleep until a rate limit resets: the
      // handlers decline the retry, the RequestError reaches our error
      // translation, which throws RateLimitedError(resetAt) at once.
      throttle: {
        onRateLimit: (retryAfter: number) => {
          logger.warn(rateLimitedFor(host, retryAfter));
          return false;
        },
        onSecondaryRateLimit: (retryAfter: number) => {
          logger.warn(
            `${rateLimitedFor(host, retryAfter)} (secondary rate limit)`,
          );
          return false;
        },
      },
      retry: {
        // 429 joins Octokit's defaults: it is a rate limit, never retried here.
        doNotRetry: [400, 401, 403, 404, 409, 410, 422, 429, 451],
        retries: tuning?.retries ?? 2,
        retryAfterBaseValue: tuning?.retryAfterBaseValue ?? 1000,
      },
    });
    octokit.hook.before('request', options => {
      logger.debug(`GitHub ${host}: ${options.method} ${options.url}`);
    });
    return octokit;
  }
}

/** The one wording of a rate limit (`gitRateLimited`), for the log. */
function rateLimitedFor(host: string, retryAfterSeconds: number): string {
  return reasonMessage({
    code: 'gitRateLimited',
    params: {
      provider: 'GitHub',
      host,
      resetTime: new Date(Date.now() + retryAfterSeconds * 1000).toISOString(),
    },
  });
}
