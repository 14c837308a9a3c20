import { RateLimitedError } from './errors';
import { GitStats } from './stats';

/**
 * Remembers, per key (GitHub host/owner, GitLab host), until when the provider
 * said we are rate limited, and refuses calls for that key until then without
 * sending them: requests made while limited still count against GitHub's
 * secondary limits. The refusal is the provider's own answer again: a
 * RateLimitedError of the same provider, host and reset time, so the same
 * reason code (`gitRateLimited`) and message (with the provider's words as
 * its cause).
 */
export class RateLimitGate {
  private readonly limits = new Map<string, RateLimitedError>();

  constructor(
    private readonly stats: GitStats,
    private readonly now: () => number = Date.now,
  ) {}

  /** @throws RateLimitedError while the host is limited. */
  check(key: string): void {
    const limit = this.limits.get(key);
    if (!limit) {
      return;
    }
    if (limit.resetAt.getTime() <= this.now()) {
      this.limits.delete(key);
      return;
    }
    this.stats.rateLimited += 1;
    const { provider, host } = limit.params;
    throw new RateLimitedError(
      { provider, host, resetAt: limit.resetAt },
      limit.cause,
    );
  }

  /** Records a RateLimitedError's reset time; other errors pass unchanged. */
  record(key: string, error: unknown): void {
    if (error instanceof RateLimitedError) {
      this.stats.rateLimited += 1;
      this.limits.set(key, error);
    }
  }
}
