import type { IncomingMessage, ServerResponse } from 'node:http';
import type {
  SandboxApi,
  SandboxFault,
  SandboxRequestCounts,
  SandboxRequestRecord,
} from './types';

const MAX_RECORDS = 10_000;

// The `reason` kube-apiserver puts in a Status for these codes; clients
// (and @kubernetes/client-node) key their handling on code and reason.
const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  410: 'Expired',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
  504: 'Timeout',
};

function apiOf(path: string): SandboxApi {
  if (path === '/github' || path.startsWith('/github/')) return 'github';
  if (path === '/gitlab' || path.startsWith('/gitlab/')) return 'gitlab';
  if (path === '/bitbucket' || path.startsWith('/bitbucket/')) return 'bitbucket';
  if (path.startsWith('/sandbox/')) return 'sandbox';
  return 'kubernetes';
}

/** The body a fault answers with when it names none. */
function defaultBody(api: SandboxApi, status: number): unknown {
  const message =
    status === 410
      ? 'too old resource version (injected fault)'
      : `injected fault: HTTP ${status}`;
  if (api !== 'kubernetes') return { message };
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason: REASONS[status] ?? 'Unknown',
    code: status,
  };
}

const sleep = (ms: number) =>
  new Promise<void>(resolve => setTimeout(resolve, ms));

/**
 * Fault injection and request counting for the whole sandbox server. The
 * server calls {@link SandboxFaults.intercept} first for every request:
 * tests can then make any route slow, failing, resetting or hanging, and
 * count what reached the sandbox (e.g. to prove bad input never did).
 *
 * @public
 */
export class SandboxFaults {
  private faults: Array<SandboxFault & { remaining: number }> = [];
  private readonly records: SandboxRequestRecord[] = [];
  private counters: SandboxRequestCounts = SandboxFaults.zero();
  /** Requests held by `hang`, released (destroyed) by clear() and close(). */
  private readonly hung = new Set<ServerResponse>();

  private static zero(): SandboxRequestCounts {
    return { kubernetes: 0, github: 0, gitlab: 0, bitbucket: 0, sandbox: 0, total: 0 };
  }

  /** Adds a fault; the first matching fault (in order added) applies. */
  set(fault: SandboxFault): void {
    this.faults.push({ ...fault, remaining: fault.times ?? Infinity });
  }

  /** Removes every fault and drops the connections held by `hang`. */
  clear(): void {
    this.faults = [];
    this.releaseHung();
  }

  /** Requests that reached the server since the last reset, per API. */
  counts(): SandboxRequestCounts {
    return { ...this.counters };
  }

  /** The last requests (up to 10,000), oldest first. */
  requests(): SandboxRequestRecord[] {
    return this.records.map(r => ({ ...r }));
  }

  resetCounts(): void {
    this.counters = SandboxFaults.zero();
    this.records.length = 0;
  }

  /** Called when the sandbox stops. */
  close(): void {
    this.clear();
  }

  /**
   * Counts the request and applies the first matching fault. Resolves true
   * when the fault took the request over (the server must not answer it).
   */
  async intercept(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const url = req.url ?? '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const path = new URL(url, 'http://sandbox.invalid').pathname;
    const api = apiOf(path);
    const fault = api === 'sandbox' ? undefined : this.take(method, url);
    this.record({
      api,
      method,
      url,
      faulted: !!fault && !this.passThrough(fault),
    });
    if (!fault) return false;
    if (fault.delayMs) await sleep(fault.delayMs);
    if (fault.hang) {
      this.hung.add(res);
      res.on('close', () => this.hung.delete(res));
      return true;
    }
    if (fault.reset) {
      req.socket.destroy();
      return true;
    }
    if (fault.status !== undefined) {
      res.writeHead(fault.status, {
        'content-type': 'application/json',
        ...fault.headers,
      });
      res.end(JSON.stringify(fault.body ?? defaultBody(api, fault.status)));
      return true;
    }
    // Latency only: the request goes on to the real handler.
    return false;
  }

  private passThrough(fault: SandboxFault): boolean {
    return !fault.hang && !fault.reset && fault.status === undefined;
  }

  private take(method: string, url: string): SandboxFault | undefined {
    const fault = this.faults.find(
      f =>
        f.remaining > 0 &&
        (!f.method || f.method.toUpperCase() === method) &&
        f.path.test(url),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    this.faults = this.faults.filter(f => f.remaining > 0);
    return fault;
  }

  private record(record: SandboxRequestRecord): void {
    this.counters[record.api] += 1;
    this.counters.total += 1;
    this.records.push(record);
    if (this.records.length > MAX_RECORDS) this.records.shift();
  }

  private releaseHung(): void {
    for (const res of this.hung) res.socket?.destroy();
    this.hung.clear();
  }
}
