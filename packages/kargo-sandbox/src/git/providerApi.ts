import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  BodyError,
  etagMatches,
  etagOf,
  findRoute,
  send,
  toApiRequest,
  type ApiRequest,
  type Reply,
  type Route,
} from './http';
import type { GitFakeStore } from './store';
import type { GitFault, GitProvider } from './types';

/** A reply and the route template it is counted under. */
export interface Answer {
  reply: Reply;
  route: string;
}

/**
 * The route a request matches (template `unknown` when none) and the fault
 * injected for it, if any (taken: it answers this request only).
 */
export function locate(
  provider: GitProvider,
  routes: Route[],
  store: GitFakeStore,
  req: ApiRequest,
) {
  const found = findRoute(routes, req.method, req.path);
  const route = 'route' in found ? found.route.template : 'unknown';
  const fault: GitFault | undefined = store.takeFault(
    provider,
    req.method,
    req.path,
  );
  return { found, route, fault };
}

/**
 * Conditional GET, as both providers do it: a 200 GET gets a weak ETag over
 * its body and query; returns true when `If-None-Match` already names it
 * (the caller then answers 304).
 */
export function addEtag(req: ApiRequest, reply: Reply): boolean {
  if (req.method !== 'GET' || reply.status !== 200) return false;
  const etag = etagOf(JSON.stringify(reply.body), req.query);
  reply.headers = { ...reply.headers, etag };
  return etagMatches(req.headers['if-none-match'], etag);
}

/**
 * The Node handler of a provider's API: parses the request under `base`
 * (an unparsable body answers 400 with `badBody`), answers it, counts it
 * and sends it with the provider's `headers` (the reply's own win).
 */
export function serveProviderApi(options: {
  provider: GitProvider;
  base: string;
  store: GitFakeStore;
  answer: (req: ApiRequest) => Answer;
  badBody: (message: string) => unknown;
  headers: (req: IncomingMessage) => Record<string, string>;
}) {
  const { provider, base, store } = options;
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    let result: Answer;
    try {
      result = options.answer(await toApiRequest(req, base));
    } catch (e) {
      if (!(e instanceof BodyError)) throw e;
      result = {
        reply: { status: 400, body: options.badBody(e.message) },
        route: 'unknown',
      };
    }
    const { reply, route } = result;
    store.recordRequest({
      provider,
      method: req.method ?? 'GET',
      route,
      status: reply.status,
    });
    send(res, {
      ...reply,
      headers: { ...options.headers(req), ...reply.headers },
    });
  };
}
