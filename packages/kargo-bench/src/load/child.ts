/**
 * Load generator, in its own process so its CPU never slows the backend's
 * event loop: autocannon against the Stage detail endpoint, spread over
 * every Stage. Latencies are recorded per response to get p95 (autocannon
 * reports p90 and p97.5 but no p95).
 */
import autocannon from 'autocannon';
import type { LoadArgs, LoadResult } from './protocol';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 100) / 100;
}

function run(args: LoadArgs): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    let next = 0;
    const latencies: number[] = [];
    const instance = autocannon(
      {
        url: args.origin,
        connections: args.connections,
        duration: args.durationSeconds,
        headers: args.headers,
        requests: [
          {
            method: 'GET',
            setupRequest: request => ({ ...request, path: args.paths[next++ % args.paths.length] }),
          },
        ],
      },
      (error, result) => {
        if (error) {
          reject(error);
          return;
        }
        latencies.sort((a, b) => a - b);
        resolve({
          requests: result.requests.total,
          rps: Math.round(result.requests.average),
          p50Ms: percentile(latencies, 50),
          p95Ms: percentile(latencies, 95),
          p99Ms: percentile(latencies, 99),
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        });
      },
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
}

process.once('message', (message: { args: LoadArgs }) => {
  run(message.args).then(
    result => {
      process.send?.({ result }, () => process.exit(0));
    },
    error => {
      process.send?.({ error: String((error as Error)?.stack ?? error) }, () => process.exit(1));
    },
  );
});
