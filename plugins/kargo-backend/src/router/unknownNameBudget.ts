/**
 * How many cluster reads names the snapshot does not know may cause: a
 * token bucket per caller and one for everybody, refilled continuously.
 * Guessing AnalysisRun names then costs the cluster a bounded number of
 * requests a minute; past the budget an unknown name answers 404 at once.
 */
const MAX_BUCKETS = 10_000;

export class UnknownNameBudget {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly options: {
      perCallerPerMinute: number;
      totalPerMinute: number;
      now?: () => number;
    },
  ) {}

  /** Takes one read from the caller's and the shared bucket; false if either is empty. */
  take(caller: string): boolean {
    const now = (this.options.now ?? Date.now)();
    const own = this.level(
      `caller:${caller}`,
      this.options.perCallerPerMinute,
      now,
    );
    const all = this.level('*', this.options.totalPerMinute, now);
    if (own.tokens < 1 || all.tokens < 1) return false;
    own.tokens -= 1;
    all.tokens -= 1;
    return true;
  }

  private level(key: string, perMinute: number, now: number) {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= MAX_BUCKETS) this.prune(now);
      bucket = { tokens: perMinute, at: now };
      this.buckets.set(key, bucket);
    }
    bucket.tokens = Math.min(
      perMinute,
      bucket.tokens + ((now - bucket.at) * perMinute) / 60_000,
    );
    bucket.at = now;
    return bucket;
  }

  /** Forgets callers idle for a minute (their bucket is full again). */
  private prune(now: number) {
    for (const [key, bucket] of this.buckets) {
      if (key !== '*' && now - bucket.at >= 60_000) this.buckets.delete(key);
    }
  }
}
