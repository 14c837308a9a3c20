import type { LoggerService } from '@backstage/backend-plugin-api';
import {
  createLimiter,
  normalizeRepoUrl,
  reasonOf,
  type OpenPullRequest,
  type RepositoryListing,
} from '@kargo-backstage/plugin-kargo-common';
import type { PullRequestService } from '../types';
import { RateLimitedError } from './errors';

/** One key for every spelling of a repository URL. */
function keyOf(repoUrl: string): string {
  return normalizeRepoUrl(repoUrl) ?? repoUrl;
}

/** @public */
export interface PullRequestListingOptions {
  logger?: LoggerService;
  /** Listings sent to the providers at once (default 4). */
  concurrency?: number;
}

/**
 * The rules of listing a repository's open pull requests, over any raw
 * listing: one listing per repository in flight (concurrent callers share
 * it), at most `concurrency` at once, and an answer as data that never
 * throws: the last good list with the error, `rateLimitedUntil` set when the
 * provider rate-limited us. (The provider's rate-limit gate sits in the raw
 * listing: a limited host is refused without a request.)
 *
 * @public
 */
export class PullRequestListings {
  private readonly inFlight = new Map<string, Promise<OpenPullRequest[]>>();
  private readonly lastGood = new Map<string, OpenPullRequest[]>();
  private readonly withSlot: <T>(task: () => Promise<T>) => Promise<T>;
  private readonly logger?: LoggerService;

  constructor(
    private readonly list: (repoUrl: string) => Promise<OpenPullRequest[]>,
    options: PullRequestListingOptions = {},
  ) {
    this.withSlot = createLimiter(options.concurrency ?? 4);
    this.logger = options.logger;
  }

  /** The raw listing, shared with callers of the same repository meanwhile. */
  shared(repoUrl: string): Promise<OpenPullRequest[]> {
    const key = keyOf(repoUrl);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.withSlot(() => this.list(repoUrl)).finally(() =>
        this.inFlight.delete(key),
      );
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** The repository's open pull requests, or why not with the last good list. */
  async listRepository(repoUrl: string): Promise<RepositoryListing> {
    try {
      const pullRequests = await this.shared(repoUrl);
      this.lastGood.set(keyOf(repoUrl), pullRequests);
      return { pullRequests, error: null };
    } catch (error) {
      const pullRequests = this.lastGood.get(keyOf(repoUrl)) ?? [];
      const message = (error as Error)?.message ?? String(error);
      this.logger?.warn(`Cannot list pull requests of ${repoUrl}: ${message}`);
      return {
        pullRequests,
        // The provider's reason code, when it gave one, for the UI to word;
        // a rate limit's is `gitRateLimited`, its message that reason's.
        error: {
          repoUrl,
          message,
          rateLimitedUntil:
            error instanceof RateLimitedError
              ? error.resetAt.toISOString()
              : null,
          ...reasonOf(error),
        },
      };
    }
  }

  /** Forgets a repository's last good list (no Stage shows it any more). */
  forget(repoUrl: string): void {
    this.lastGood.delete(keyOf(repoUrl));
  }
}

/**
 * What a Git provider does: list and open pull requests (errors thrown).
 *
 * @public
 */
export type PullRequestProvider = Pick<
  PullRequestService,
  'listOpenPullRequests' | 'openOrReclaim'
>;

/**
 * A provider with the listing rules of `PullRequestListings` on top: the
 * PullRequestService every caller (and every test fake) goes through.
 *
 * @public
 */
export function withListingRules<T extends PullRequestProvider>(
  provider: T,
  options: PullRequestListingOptions = {},
): Omit<T, keyof PullRequestService> & PullRequestService {
  const listings = new PullRequestListings(
    repoUrl => provider.listOpenPullRequests(repoUrl),
    options,
  );
  return {
    ...provider,
    listOpenPullRequests: repoUrl => listings.shared(repoUrl),
    openOrReclaim: request => provider.openOrReclaim(request),
    listRepository: repoUrl => listings.listRepository(repoUrl),
    forget: repoUrl => listings.forget(repoUrl),
  };
}
