import { STATUS_CODES } from 'node:http';
import type { ApiRequest, Reply } from './http';
import { bitbucketError } from './bitbucketCloudJson';
import { bitbucketCloudRoutes } from './bitbucketCloudRoutes';
import { locate, serveProviderApi, type Answer } from './providerApi';
import type { GitFakeStore } from './store';
import type { GitFault } from './types';

/** Where the fake serves `https://api.bitbucket.org/2.0`. */
export const BITBUCKET_CLOUD_API_BASE = '/bitbucket/2.0';

/** A fault's answer; without a body, Bitbucket's error body for that status. */
function faultReply(fault: GitFault): Reply {
  const reply =
    fault.body === undefined
      ? bitbucketError(fault.status, STATUS_CODES[fault.status] ?? 'Error')
      : { status: fault.status, body: fault.body };
  return { ...reply, headers: fault.headers };
}

/**
 * The credentials Bitbucket Cloud accepts: an access token as Bearer (what
 * Kargo's git-open-pr sends), or Basic with any username and the token as
 * password (an API token or app password).
 */
function tokenOf(req: ApiRequest): string | undefined {
  const auth = String(req.headers.authorization ?? '').trim();
  const bearer = /^bearer\s+(.+)$/i.exec(auth);
  if (bearer) return bearer[1];
  const basic = /^basic\s+(.+)$/i.exec(auth);
  if (!basic) return undefined;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  return decoded.slice(decoded.indexOf(':') + 1);
}

/**
 * Bitbucket Cloud's REST API 2.0 under `/bitbucket/2.0` (the real one is
 * https://api.bitbucket.org/2.0): Bearer or Basic auth, page-numbered lists
 * with an absolute `next`, JSON error bodies, fault injection. No ETags:
 * Bitbucket Cloud's pull request lists are not conditional.
 */
export function createBitbucketCloudApi(store: GitFakeStore, token: string) {
  const routes = bitbucketCloudRoutes(store);

  const answer = (req: ApiRequest): Answer => {
    const { found, route, fault } = locate('bitbucket', routes, store, req);
    if (fault) return { reply: faultReply(fault), route };
    if (tokenOf(req) !== token) {
      return { reply: bitbucketError(401, 'Unauthorized'), route };
    }
    if (!('route' in found)) {
      return { reply: bitbucketError(404, 'Resource not found'), route };
    }
    return { reply: found.route.handle(req, found.params), route };
  };

  return serveProviderApi({
    provider: 'bitbucket',
    base: BITBUCKET_CLOUD_API_BASE,
    store,
    answer,
    badBody: message => ({ type: 'error', error: { message } }),
    headers: () => ({}),
  });
}
