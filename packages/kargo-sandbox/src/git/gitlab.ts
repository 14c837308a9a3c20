import { STATUS_CODES } from 'node:http';
import { tokenOf, type ApiRequest, type Reply } from './http';
import { gitlabRoutes } from './gitlabRoutes';
import { addEtag, locate, serveProviderApi, type Answer } from './providerApi';
import type { GitFakeStore } from './store';
import type { GitFault } from './types';

export const GITLAB_API_BASE = '/gitlab/api/v4';

/** A fault's answer; without a body, what GitLab sends for that status. */
function faultReply(fault: GitFault): Reply {
  if (fault.status === 429 && fault.body === undefined) {
    // GitLab's throttle (Rack::Attack) answers in plain text.
    return {
      status: 429,
      body: 'Retry later\n',
      headers: { 'retry-after': '60', ...fault.headers },
    };
  }
  return {
    status: fault.status,
    body: fault.body ?? {
      message: `${fault.status} ${STATUS_CODES[fault.status] ?? 'Error'}`,
    },
    headers: fault.headers,
  };
}

/**
 * GitLab's REST API v4 under `/gitlab/api/v4`: `PRIVATE-TOKEN` or Bearer auth,
 * projects addressed by numeric id or URL-encoded path, offset pagination,
 * weak ETags (Rack's conditional GET), fault injection.
 */
export function createGitLabApi(store: GitFakeStore, token: string) {
  const routes = gitlabRoutes(store);

  const answer = (req: ApiRequest): Answer => {
    const { found, route, fault } = locate('gitlab', routes, store, req);
    if (fault) return { reply: faultReply(fault), route };
    if (tokenOf(req.headers, 'private-token') !== token) {
      return {
        reply: { status: 401, body: { message: '401 Unauthorized' } },
        route,
      };
    }
    if (!('route' in found)) {
      // Grape answers an unknown route (or a known path with another verb) this way.
      return {
        reply: { status: 404, body: { error: '404 Not Found' } },
        route,
      };
    }
    const reply = found.route.handle(req, found.params);
    if (addEtag(req, reply)) {
      return {
        reply: { status: 304, headers: { etag: reply.headers!.etag } },
        route,
      };
    }
    return { reply, route };
  };

  return serveProviderApi({
    provider: 'gitlab',
    base: GITLAB_API_BASE,
    store,
    answer,
    badBody: message => ({ error: message }),
    headers: () => ({
      'cache-control': 'max-age=0, private, must-revalidate',
    }),
  });
}
