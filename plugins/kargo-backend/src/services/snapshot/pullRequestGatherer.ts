import type { LoggerService } from '@backstage/backend-plugin-api';
import {
  createLimiter,
  type OpenPullRequest,
  type RepositoryError,
} from '@kargo-backstage/plugin-kargo-common';
import {
  RateLimitedError,
  type PullRequestService,
} from '@kargo-backstage/plugin-kargo-node';

/** Open PRs of one repository, or why they could not be listed. */
export interface RepositoryPullRequests {
  pullRequests: OpenPullRequest[];
  error: RepositoryError | null;
}

/** One refresh's view: each repository is listed at most once per cycle. */
export interface PullRequestCycle {
  list(repoUrl: string): Promise<RepositoryPullRequests>;
}

// The Git service's RateLimitedError; duck-typed otherwise, so a provider
// error that slips through with a reset time still counts.
function rateLimitedUntil(error: unknown): Date | undefined {
  if (error instanceof RateLimitedError) return error.resetAt;
  const e = error as Record<string, unknown> | undefined;
  if (!e || !/rate.?limit/i.test(`${e.name} ${e.message}`)) return undefined;
  for (const key of ['rateLimitedUntil', 'resetAt', 'retryAt', 'reset', 'until']) {
    const value = e[key];
    if (value instanceof Date) return value;
    if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) {
      return new Date(value);
    }
    if (typeof value === 'number') {
      // Epoch seconds (GitHub's x-ratelimit-reset) or milliseconds.
      return new Date(value < 1e12 ? value * 1000 : value);
    }
  }
  return new Date(Date.now() + 60_000);
}

function hhmm(date: Date): string {
  return date.toISOString().slice(11, 16);
}

/**
 * Lists open PRs per repository with a bounded parallelism, remembering
 * across refreshes (a) the last good answer of each repository, served with
 * the error while it fails, and (b) rate-limit resets, so a limited provider
 * is not asked again before its reset.
 */
export class PullRequestGatherer {
  private readonly lastGood = new Map<string, OpenPullRequest[]>();
  private readonly limitedUntil = new Map<string, Date>();
  private readonly withSlot;

  constructor(
    private readonly service: PullRequestService,
    private readonly logger: LoggerService,
    concurrency = 4,
  ) {
    this.withSlot = createLimiter(concurrency);
  }

  /** Forgets a repository no Stage shows any more (its last answer, its limit). */
  forget(repoUrl: string): void {
    this.lastGood.delete(repoUrl);
    this.limitedUntil.delete(repoUrl);
  }

  /** How many repositories it remembers something about. */
  remembered(): number {
    return new Set([...this.lastGood.keys(), ...this.limitedUntil.keys()]).size;
  }

  cycle(): PullRequestCycle {
    const seen = new Map<string, Promise<RepositoryPullRequests>>();
    return {
      list: repoUrl => {
        let result = seen.get(repoUrl);
        if (!result) {
          result = this.listOne(repoUrl);
          seen.set(repoUrl, result);
        }
        return result;
      },
    };
  }

  private limitedError(repoUrl: string, until: Date): RepositoryPullRequests {
    return {
      pullRequests: this.lastGood.get(repoUrl) ?? [],
      error: {
        repoUrl,
        message: `rate limited until ${hhmm(until)} UTC`,
        rateLimitedUntil: until.toISOString(),
      },
    };
  }

  private async listOne(repoUrl: string): Promise<RepositoryPullRequests> {
    const until = this.limitedUntil.get(repoUrl);
    if (until && until.getTime() > Date.now()) {
      return this.limitedError(repoUrl, until);
    }
    this.limitedUntil.delete(repoUrl);
    try {
      const pullRequests = await this.withSlot(() =>
        this.service.listOpenPullRequests(repoUrl),
      );
      this.lastGood.set(repoUrl, pullRequests);
      return { pullRequests, error: null };
    } catch (error) {
      const limited = rateLimitedUntil(error);
      if (limited) {
        this.limitedUntil.set(repoUrl, limited);
        this.logger.warn(`Pull requests of ${repoUrl}: rate limited until ${limited.toISOString()}`);
        return this.limitedError(repoUrl, limited);
      }
      const message = (error as Error)?.message ?? String(error);
      this.logger.warn(`Cannot list pull requests of ${repoUrl}: ${message}`);
      return {
        pullRequests: this.lastGood.get(repoUrl) ?? [],
        error: { repoUrl, message, rateLimitedUntil: null },
      };
    }
  }
}
