/**
 * The sandbox's Kargo REST API under `/kargo-api` (Kargo serves `/v1beta1`
 * at its root; the sandbox mounts it under a prefix on its one port). Order
 * as akuity/kargo v1.11.2 pkg/server/rest_router.go: authentication for
 * every path but the exempt ones, then the route (gin answers an unknown
 * route `404 page not found`), the project-exists middleware (a missing
 * Project is the Kubernetes NotFound), the handler; every error goes
 * through handleError (`{"error": "..."}`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from '../kube/http';
import { notFound } from '../kube/errors';
import { KargoAuthenticator, KargoUser } from './authn';
import { errorAnswer, KargoApiError, sendKargoJson } from './errors';
import * as h from './handlers';
import { listStages } from './reads';
import { KargoApiDeps, KargoObjects } from './objects';
import { KargoApiStats } from './stats';
import { analysisRunLogs } from './analysisRunLogs';

export { KargoApiStats } from './stats';
export type { KargoApiWriteCounts } from './stats';

export const KARGO_API_PREFIX = '/kargo-api';

/** What `GET /v1beta1/system/public-server-config` tells clients. @public */
export interface KargoApiOidcOptions {
  /** The issuer whose ID tokens are accepted; default the sandbox's own `<url>/oidc`. */
  issuer?: string;
  /** Kargo's web client id; default `kargo`. */
  clientId?: string;
  /** Kargo's CLI client id; default `backstage` (so Backstage's ID tokens are accepted). */
  cliClientId?: string;
  scopes?: string[];
  /** Namespaces besides project namespaces whose ServiceAccounts users map to. */
  globalServiceAccountNamespaces?: string[];
  /**
   * Whether AnalysisRun log streaming is configured (Kargo's
   * `api.rollouts.logs.urlTemplate`); default true. When false, the logs
   * endpoint answers 501 as Kargo does.
   */
  analysisRunLogs?: boolean;
}

type Handler = (c: h.Call) => Promise<h.Answer>;

const routes = (deps: KargoApiDeps): Array<{ method: string; pattern: RegExp; keys: string[]; name: string; fn: Handler }> => [
  ['GET', '/projects/:project/stages', 'listStages', listStages],
  ['POST', '/projects/:project/stages/:stage/promotions', 'promote', h.promoteToStage],
  ['POST', '/projects/:project/stages/:stage/verification', 'reverify', h.reverify],
  ['POST', '/projects/:project/stages/:stage/verification/abort', 'abortVerification', h.abortVerification],
  ['POST', '/projects/:project/promotions/:promotion/abort', 'abortPromotion', h.abortPromotion],
  ['POST', '/projects/:project/freight/:freight/approve', 'approveFreight', h.approveFreight],
  ['POST', '/projects/:project/stages/:stage/refresh', 'refreshStage', h.refreshStage],
  ['POST', '/projects/:project/warehouses/:warehouse/refresh', 'refreshWarehouse', h.refreshWarehouse],
  ['GET', '/projects/:project/analysis-runs/:analysisRun/logs', 'analysisRunLogs', analysisRunLogs(deps.jobLogs)],
  ['GET', '/projects/:project/stages/:stage/links', 'getStageLinks', h.getStageLinks],
].map(([method, path, name, fn]) => {
  const keys: string[] = [];
  const pattern = new RegExp(
    `^/v1beta1${(path as string).replace(/:(\w+)/g, (_, k) => {
      keys.push(k);
      return '([^/]+)';
    })}$`,
  );
  return { method: method as string, pattern, keys, name: name as string, fn: fn as Handler };
});

export function createKargoApiHandler(
  deps: KargoApiDeps,
  authn: KargoAuthenticator,
  oidc: { issuer: string; clientId: string; cliClientId?: string; scopes: string[] },
  stats: KargoApiStats,
  log: (message: string) => void,
) {
  const ROUTES = routes(deps);
  const publicConfig = {
    adminAccountEnabled: false,
    oidcConfig: {
      issuerUrl: oidc.issuer,
      clientId: oidc.clientId,
      ...(oidc.cliClientId ? { cliClientId: oidc.cliClientId } : {}),
      scopes: oidc.scopes,
    },
    skipAuth: false,
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (url.pathname !== KARGO_API_PREFIX && !url.pathname.startsWith(`${KARGO_API_PREFIX}/`))
      return false;
    const path = url.pathname.slice(KARGO_API_PREFIX.length) || '/';
    const method = req.method ?? 'GET';
    const route = ROUTES.find(r => r.method === method && r.pattern.test(path));
    const answer = (status: number, body?: unknown) => {
      if (route) stats.record(route.name, status, route.method !== 'GET');
      sendKargoJson(res, status, body);
    };
    try {
      let user: KargoUser | undefined;
      if (!new Set(['/v1beta1/system/public-server-config', '/v1beta1/login']).has(path))
        user = await authn.authenticate(req);
      if (method === 'GET' && path === '/v1beta1/system/public-server-config') {
        answer(200, publicConfig);
        return true;
      }
      if (!route || !user) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('404 page not found');
        return true;
      }
      const m = route.pattern.exec(path)!;
      const params = Object.fromEntries(route.keys.map((k, i) => [k, decodeURIComponent(m[i + 1])]));
      const project = deps.registry.find('kargo.akuity.io', 'v1alpha1', 'projects')!;
      if (!deps.store.has(project, undefined, params.project))
        throw notFound('projects', 'kargo.akuity.io', params.project);
      const out = await route.fn({
        user,
        objects: new KargoObjects(deps, user),
        params,
        query: url.searchParams,
        body: async () => {
          const text = (await readBody(req)).toString('utf8');
          try {
            return JSON.parse(text);
          } catch (e) {
            throw new KargoApiError(400, text.trim() ? (e as Error).message : 'EOF');
          }
        },
      });
      if (out.stream) {
        await sendStream(req, res, out.stream);
        if (route) stats.record(route.name, 200, false);
        return true;
      }
      answer(out.status, out.body);
    } catch (e) {
      const { status, error } = errorAnswer(e);
      // handleError logs a 500's cause and tells the client nothing (never a token).
      if (status === 500) log(`kargo-api ${method} ${path}: ${(e as Error)?.message}`);
      answer(status, { error });
    }
    return true;
  };
}

/** SetSSEHeaders (pkg/server/watch_helpers.go), then each frame flushed; a failing source cuts the connection. */
async function sendStream(req: IncomingMessage, res: ServerResponse, frames: AsyncIterable<string>) {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  res.flushHeaders();
  let gone = false;
  req.on('close', () => {
    gone = true;
  });
  try {
    for await (const frame of frames) {
      if (gone) return;
      res.write(frame);
    }
    res.end();
  } catch {
    // What was sent reaches the client first; then the connection is cut.
    setTimeout(() => res.destroy(), 50);
  }
}
