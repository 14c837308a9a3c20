/**
 * A counting reverse proxy on loopback in front of the sandbox: every
 * request our code or the naive approach sends is counted here, by API
 * (Kubernetes, GitHub, GitLab), whatever client sent it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
  return `${verb} ${rest[0] ?? path}`;
}

export interface CountingProxy {
  url: string;
  counts(): RequestCounts;
  reset(): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  let counts = emptyCounts();
  let inFlight = 0;
  let busySince = 0;
  const begin = () => {
    if (inFlight++ === 0) busySince = performance.now();
  };
  const end = () => {
    if (--inFlight === 0) counts.busyMs += performance.now() - busySince;
  };

  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    let api: 'github' | 'gitlab' | 'kube' = 'kube';
    if (path.startsWith('/github/')) api = 'github';
    else if (path.startsWith('/gitlab/')) api = 'gitlab';
    counts[api] += 1;
    if (api === 'kube') {
      const route = kubeRoute(method, path);
      counts.kubeByRoute[route] = (counts.kubeByRoute[route] ?? 0) + 1;
    }
    begin();
    res.once('close', end);
    // Bodies are small (writes never happen in the bench): buffered, so a retry can resend.
    const chunks: Buffer[] = [];
    let body = Buffer.alloc(0);
    const send = (retry: boolean) => {
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, method, path, headers: { ...req.headers, host: upstream.host }, agent },
        answer => {
          if (api === 'github' && answer.statusCode === 304) counts.github304 += 1;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', error => {
        // A kept-alive socket the sandbox closed meanwhile: Node's documented
        // remedy is to retry an idempotent request once on a fresh socket.
        if (retry && forward.reusedSocket && (error as NodeJS.ErrnoException).code === 'ECONNRESET') {
          send(false);
          return;
        }
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: `proxy: ${error.message}` }));
      });
      if (body.length > 0) forward.write(body);
      forward.end();
    };
    req.on('data', chunk => chunks.push(chunk));
    req.on('end', () => {
      body = Buffer.concat(chunks);
      send(method === 'GET' || method === 'HEAD');
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts: () => structuredClone(counts),
    reset: () => {
      counts = emptyCounts();
    },
    close: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
        agent.destroy();
      }),
  };
}
