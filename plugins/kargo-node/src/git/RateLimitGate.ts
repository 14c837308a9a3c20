import { formatUtcClock } from '@kargo-backstage/plugin-kargo-common';
import { RateLimitedError } from './errors';
import { GitStats } from './stats';

/**
 * Remembers, per key (GitHub host/owner, GitLab host), until when the provider
 * said we are rate limited, and refuses calls for that key until then without
 * sending them: requests made while limited still count against GitHub's
 * secondary limits.
 */
export class RateLimitGate {
  private readonly until = new Map<string, Date>();

  constructor(
    private readonly stats: GitStats,
    private readonly now: () => number = Date.now,
  ) {}

  /** @throws RateLimitedError while the host is limited. */
  check(key: string): void {
    const resetAt = this.until.get(key);
    if (!resetAt) {
      return;
    }
    if (resetAt.getTime() <= this.now()) {
      this.until.delete(key);
      return;
    }
    this.stats.rateLimited += 1;
    throw new RateLimitedError(
      `${key} rate limited until ${formatUtcClock(resetAt)}`,
      resetAt,
    );
  }

  /** Records a RateLimitedError's reset time; other errors pass unchanged. */
  record(key: string, error: unknown): void {
    if (error instanceof RateLimitedError) {
      this.stats.rateLimited += 1;
      this.until.set(key, error.resetAt);
    }
  }
}
