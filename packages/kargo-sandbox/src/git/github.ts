import { randomBytes } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import { tokenOf, type ApiRequest, type Reply } from './http';
import { GITHUB_DOCS, githubError } from './githubJson';
import { GitHubAppFake, type GitHubAppOptions } from './githubApp';
import { githubRoutes } from './githubRoutes';
import { addEtag, locate, serveProviderApi, type Answer } from './providerApi';
import type { GitFakeStore } from './store';
import type { GitFault } from './types';

export const GITHUB_API_BASE = '/github/api/v3';

function rateLimitHeaders(store: GitFakeStore): Record<string, string> {
  const rate = store.gitHubRateLimit();
  return {
    'x-ratelimit-limit': String(rate.limit),
    'x-ratelimit-remaining': String(Math.max(0, rate.limit - rate.used)),
    'x-ratelimit-reset': String(rate.reset),
    'x-ratelimit-used': String(rate.used),
    'x-ratelimit-resource': 'core',
  };
}

/** The primary-limit 403, as GitHub words it for a token. */
function rateLimited(): Reply {
  return {
    status: 403,
    body: githubError(
      403,
      'API rate limit exceeded for user ID 1.',
      GITHUB_DOCS.rateLimit,
    ),
  };
}

/** A fault's answer; without a body, what GitHub sends for that status. */
function faultReply(fault: GitFault, store: GitFakeStore): Reply {
  const rate = store.gitHubRateLimit();
  if (fault.status === 403 && fault.body === undefined) {
    return {
      ...rateLimited(),
      headers: {
        'x-ratelimit-remaining': '0',
        'x-ratelimit-used': String(rate.limit),
        ...fault.headers,
      },
    };
  }
  if (fault.status === 429 && fault.body === undefined) {
    const message =
      'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.';
    return {
      status: 429,
      body: githubError(429, message, GITHUB_DOCS.secondary),
      headers: { 'retry-after': '60', ...fault.headers },
    };
  }
  return {
    status: fault.status,
    body:
      fault.body ??
      githubError(fault.status, STATUS_CODES[fault.status] ?? 'Error'),
    headers: fault.headers,
  };
}

function rateLimitResource(store: GitFakeStore): Reply {
  const rate = store.gitHubRateLimit();
  const core = {
    limit: rate.limit,
    used: rate.used,
    remaining: Math.max(0, rate.limit - rate.used),
    reset: rate.reset,
  };
  return { status: 200, body: { resources: { core }, rate: core } };
}

/**
 * GitHub's REST API under `/github/api/v3`: token auth (or a GitHub App's
 * installation tokens), the primary rate limit (a 304 costs nothing, as on
 * GitHub), ETags on every GET, fault injection.
 */
export function createGitHubApi(
  store: GitFakeStore,
  token: string,
  githubApp?: GitHubAppOptions,
) {
  const routes = githubRoutes(store);
  const app = githubApp && new GitHubAppFake(store, githubApp);

  const answer = (req: ApiRequest): Answer => {
    const { found, route, fault } = locate('github', routes, store, req);
    if (fault) return { reply: faultReply(fault, store), route };
    const appReply = app?.answer(req);
    if (appReply) return { reply: appReply, route };
    const given = tokenOf(req.headers);
    if (given !== token && !app?.accepts(given)) {
      const message = given ? 'Bad credentials' : 'Requires authentication';
      return { reply: { status: 401, body: githubError(401, message) }, route };
    }
    if (req.method === 'GET' && req.path.replace(/\/$/, '') === '/rate_limit') {
      // Asking for the rate limit does not count against it.
      return { reply: rateLimitResource(store), route: 'GET /rate_limit' };
    }
    const rate = store.gitHubRateLimit();
    if (rate.used >= rate.limit) return { reply: rateLimited(), route };
    const reply: Reply =
      'route' in found
        ? found.route.handle(req, found.params)
        : { status: 404, body: githubError(404, 'Not Found') };
    if (addEtag(req, reply)) {
      return { reply: { status: 304, headers: reply.headers }, route };
    }
    store.consumeGitHubRateLimit();
    return { reply, route };
  };

  return serveProviderApi({
    provider: 'github',
    base: GITHUB_API_BASE,
    store,
    answer,
    badBody: message => githubError(400, message),
    headers: req => ({
      ...rateLimitHeaders(store),
      'x-github-api-version-selected': '2022-11-28',
      'x-github-media-type': 'github.v3; format=json',
      'x-github-request-id': randomBytes(8).toString('hex').toUpperCase(),
      vary: 'Accept, Authorization, Cookie, X-GitHub-OTP',
      ...(req.method === 'GET'
        ? { 'cache-control': 'private, max-age=60, s-maxage=60' }
        : {}),
    }),
  });
}
