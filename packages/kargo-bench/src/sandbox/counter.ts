/**
 * Counts every request the sandbox serves, by API (Kubernetes, GitHub,
 * GitLab), whatever client sent it: a hook on the sandbox's own server, so
 * that no proxy (and its copy of every body) sits between our code and it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface RequestCounts {
  kube: number;
  github: number;
  gitlab: number;
  /** GitHub answers 304 Not Modified (conditional requests: no rate-limit cost). */
  github304: number;
  /** Kubernetes requests by verb and resource, e.g. `LIST analysisruns`. */
  kubeByRoute: Record<string, number>;
  /** Milliseconds during which at least one request was in flight at the sandbox. */
  busyMs: number;
}

export const emptyCounts = (): RequestCounts => ({
  kube: 0,
  github: 0,
  gitlab: 0,
  github304: 0,
  kubeByRoute: {},
  busyMs: 0,
});

// /apis/<group>/<version>/namespaces/<ns>/<plural>[/<name>] or cluster-scoped.
function kubeRoute(method: string, path: string): string {
  const parts = path.split('?')[0].split('/').filter(Boolean);
  const i = parts.indexOf('namespaces');
  const rest = i >= 0 ? parts.slice(i + 2) : parts.slice(parts[0] === 'api' ? 2 : 3);
  let verb = method;
  if (method === 'GET') verb = rest.length > 1 ? 'GET' : 'LIST';
  // A watch is one long request, not a LIST.
  if (/[?&]watch=(true|1)/.test(path)) verb = 'WATCH';
  return `${verb} ${rest[0] ?? path}`;
}

export interface RequestCounter {
  /** The sandbox's `onRequest` hook. */
  onRequest(req: IncomingMessage, res: ServerResponse): void;
  counts(): RequestCounts;
  reset(): void;
}

export function requestCounter(): RequestCounter {
  let counts = emptyCounts();
  let inFlight = 0;
  let busySince = 0;
  const end = () => {
    if (--inFlight === 0) counts.busyMs += performance.now() - busySince;
  };
  return {
    onRequest: (req, res) => {
      const path = req.url ?? '/';
      const method = req.method ?? 'GET';
      let api: 'github' | 'gitlab' | 'kube' = 'kube';
      if (path.startsWith('/github/')) api = 'github';
      else if (path.startsWith('/gitlab/')) api = 'gitlab';
      const counted = counts;
      counted[api] += 1;
      if (api === 'kube') {
        const route = kubeRoute(method, path);
        counted.kubeByRoute[route] = (counted.kubeByRoute[route] ?? 0) + 1;
      }
      if (inFlight++ === 0) busySince = performance.now();
      res.once('close', end);
      if (api === 'github') {
        res.once('finish', () => {
          if (res.statusCode === 304) counted.github304 += 1;
        });
      }
    },
    counts: () => structuredClone(counts),
    reset: () => {
      counts = emptyCounts();
    },
  };
}
