/**
 * Request counters of a PullRequestService, for the cost benchmark and
 * debugging: HTTP requests sent per provider (retries included), GitHub
 * pages answered 304 Not Modified (free of rate limit), and calls that ended
 * in RateLimitedError (answered so by the provider, or refused locally while
 * the host is still limited).
 *
 * @public
 */
export interface GitStats {
  github: number;
  gitlab: number;
  bitbucket: number;
  notModified: number;
  rateLimited: number;
}

export function emptyStats(): GitStats {
  return { github: 0, gitlab: 0, bitbucket: 0, notModified: 0, rateLimited: 0 };
}
