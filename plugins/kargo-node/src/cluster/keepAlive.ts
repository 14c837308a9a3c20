import http from 'node:http';
import https from 'node:https';
import {
  Observable,
  type ObservableMiddleware,
  type RequestContext,
  type ResponseContext,
} from '@kubernetes/client-node';

/** Connection pools kept at most (one per set of TLS options). */
const MAX_POOLS = 4;

/** The TLS options an agent was made with: requests with the same ones share a connection pool. */
const TLS_KEYS = [
  'ca',
  'cert',
  'key',
  'pfx',
  'passphrase',
  'rejectUnauthorized',
  'servername',
] as const;

function keyOf(agent: http.Agent): string {
  const options =
    (agent as http.Agent & { options?: Record<string, unknown> }).options ?? {};
  const kind = agent instanceof https.Agent ? 'https' : 'http';
  return [
    kind,
    ...TLS_KEYS.map(k => (options[k] === undefined ? '' : String(options[k]))),
  ].join('\0');
}

/**
 * @kubernetes/client-node (1.4) makes a new http(s).Agent for every request
 * from the kubeconfig's TLS options, so every request opened its own
 * connection (on a real cluster, a TLS handshake per LIST page). This
 * middleware sends each request through one kept-alive agent per set of TLS
 * options instead. Proxy agents (kubeconfig `proxy-url`) are left alone.
 */
export function keepAliveMiddleware(): ObservableMiddleware {
  const agents = new Map<string, http.Agent>();
  return {
    pre: (ctx: RequestContext) => {
      const agent = ctx.getAgent();
      const plain =
        agent?.constructor === http.Agent || agent?.constructor === https.Agent;
      if (agent && plain) {
        const key = keyOf(agent);
        let shared = agents.get(key);
        if (!shared) {
          // An idle connection is dropped after 4 s, before a server's own
          // keep-alive timeout (Node's 5 s) could close it under a new request.
          const options = {
            ...(agent as http.Agent & { options?: object }).options,
            keepAlive: true,
            timeout: 4_000,
            scheduling: 'lifo' as const,
          };
          shared =
            agent instanceof https.Agent
              ? new https.Agent(options)
              : new http.Agent(options);
          // A rotated client certificate makes a new key: older pools are
          // forgotten (their idle connections close after those 4 s).
          if (agents.size >= MAX_POOLS)
            agents.delete(agents.keys().next().value!);
          agents.set(key, shared);
        }
        ctx.setAgent(shared);
      }
      return new Observable(Promise.resolve(ctx));
    },
    post: (ctx: ResponseContext) => new Observable(Promise.resolve(ctx)),
  };
}
