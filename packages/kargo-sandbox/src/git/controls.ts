import type {
  GitFault,
  GitHubRateLimitState,
  GitProvider,
  GitRequestRecord,
} from './types';

const MAX_LOGGED_REQUESTS = 10_000;

/** Options of the store's test controls. @public */
export interface GitFakeControlsOptions {
  /** GitHub's primary rate limit per window (GitHub: 5000 per hour for a token). */
  githubRateLimit?: number;
  githubRateLimitWindowSeconds?: number;
  /** Clock, for tests. */
  now?: () => Date;
}

/**
 * The observable and steerable side of the fake providers: request counters,
 * GitHub's rate-limit bucket and injected faults. Kept apart from the
 * repository data so a benchmark can count calls without touching PRs.
 *
 * @public
 */
export class GitFakeControls {
  protected readonly now: () => Date;
  /** Bounded, so a long-running demo sandbox does not grow without end. */
  private readonly requestLog: GitRequestRecord[] = [];
  private readonly counts = new Map<string, number>();
  private faults: Array<GitFault & { remaining: number }> = [];
  private rate: GitHubRateLimitState;

  constructor(options: GitFakeControlsOptions = {}) {
    this.now = options.now ?? (() => new Date());
    const windowSeconds = options.githubRateLimitWindowSeconds ?? 3600;
    this.rate = {
      limit: options.githubRateLimit ?? 5000,
      used: 0,
      reset: this.epochSeconds() + windowSeconds,
      windowSeconds,
    };
  }

  /** Answer matching requests with a canned response (see {@link GitFault}). */
  setFault(fault: GitFault): void {
    this.faults.push({ ...fault, remaining: fault.times ?? Infinity });
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Consumes and returns the first fault matching the request, if any. */
  takeFault(
    provider: GitProvider,
    method: string,
    apiPath: string,
  ): GitFault | undefined {
    const fault = this.faults.find(
      f =>
        f.provider === provider &&
        f.remaining > 0 &&
        (!f.method || f.method.toUpperCase() === method) &&
        (!f.path || f.path.test(apiPath)),
    );
    if (!fault) return undefined;
    fault.remaining -= 1;
    this.faults = this.faults.filter(f => f.remaining > 0);
    return fault;
  }

  /** Changes GitHub's primary limit; `used` is kept unless `resetUsage`. */
  setGitHubRateLimit(limit: number, options: { resetUsage?: boolean } = {}) {
    this.rate.limit = limit;
    if (options.resetUsage) this.rate.used = 0;
  }

  /** A copy of GitHub's rate-limit bucket after rolling the window. */
  gitHubRateLimit(): GitHubRateLimitState {
    this.rollWindow();
    return { ...this.rate };
  }

  /**
   * Counts one request against GitHub's primary limit. False when the limit
   * is exhausted (the caller answers 403 and counts nothing).
   */
  consumeGitHubRateLimit(): boolean {
    this.rollWindow();
    if (this.rate.used >= this.rate.limit) return false;
    this.rate.used += 1;
    return true;
  }

  recordRequest(record: GitRequestRecord): void {
    this.requestLog.push(record);
    if (this.requestLog.length > MAX_LOGGED_REQUESTS) this.requestLog.shift();
    const key = `${record.provider} ${record.route}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** The last answered requests (up to 10,000), oldest first. */
  requests(): GitRequestRecord[] {
    return this.requestLog.map(r => ({ ...r }));
  }

  /**
   * Requests per `<provider> <route>`, e.g.
   * `{'github GET /repos/{owner}/{repo}/pulls': 3}`.
   */
  requestCounts(
    filter: { provider?: GitProvider } = {},
  ): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const [key, count] of this.counts) {
      if (!filter.provider || key.startsWith(`${filter.provider} `)) {
        counts[key] = count;
      }
    }
    return counts;
  }

  resetRequestCounts(): void {
    this.requestLog.length = 0;
    this.counts.clear();
  }

  protected epochSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }

  private rollWindow() {
    const now = this.epochSeconds();
    if (now >= this.rate.reset) {
      this.rate.used = 0;
      this.rate.reset = now + this.rate.windowSeconds;
    }
  }
}
