import { translateProviderError } from '../translateProviderError';

/** The parts of Octokit's RequestError we read (duck-typed: versions vary). */
interface OctokitLikeError {
  status: number;
  message: string;
  response?: {
    headers: Record<string, string | number | undefined>;
    data?: unknown;
  };
}

export function isOctokitError(error: unknown): error is OctokitLikeError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { status?: unknown }).status === 'number'
  );
}

/** GitHub's message, including the `errors[].message` details of a 422. */
function githubMessage(error: OctokitLikeError): string {
  const data = error.response?.data as
    | { message?: string; errors?: Array<{ message?: string } | string> }
    | undefined;
  const details = (data?.errors ?? [])
    .map(e => (typeof e === 'string' ? e : e.message))
    .filter((m): m is string => typeof m === 'string' && m.length > 0);
  const base = data?.message ?? error.message;
  return details.length > 0 ? `${base}: ${details.join('; ')}` : base;
}

/** True for GitHub's "A pull request already exists for owner:branch." 422. */
export function isAlreadyExists(error: unknown): boolean {
  return (
    isOctokitError(error) &&
    error.status === 422 &&
    /pull request already exists/i.test(githubMessage(error))
  );
}

function isRateLimit(error: OctokitLikeError): boolean {
  const headers = error.response?.headers ?? {};
  if (error.status === 429) {
    return true;
  }
  return (
    error.status === 403 &&
    (String(headers['x-ratelimit-remaining']) === '0' ||
      headers['retry-after'] !== undefined ||
      /rate limit/i.test(githubMessage(error)))
  );
}

/**
 * Translates an Octokit failure once, into @backstage/errors (see
 * translateProviderError). GitHub signals rate limits as 429 or as a 403
 * with rate-limit headers or message.
 */
export function translateGithubError(
  error: unknown,
  context: { host: string; repo: string; token?: string },
): Error {
  return translateProviderError(
    'GitHub',
    error,
    isOctokitError(error)
      ? {
          status: error.status,
          message: githubMessage(error),
          headers: error.response?.headers ?? {},
          rateLimited: isRateLimit(error),
        }
      : undefined,
    context,
  );
}
