import {
  ConflictError,
  InputError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import { formatClock } from '@kargo-backstage/plugin-kargo-common';
import {
  RateLimitedError,
  redact,
  resetAtFromHeaders,
  sanitizedCause,
} from './errors';

/** What a provider's client error said, read by the provider's module. */
export interface ProviderFailure {
  status: number;
  /** The provider's own message (not yet redacted). */
  message: string;
  headers: Record<string, string | number | undefined>;
  /** The provider's way of saying "rate limited" (status and headers vary). */
  rateLimited: boolean;
}

/**
 * Translates a GitHub or GitLab failure once, into @backstage/errors. Upstream
 * 401/403 never surface as ours (they would read as the Backstage user's own
 * login failing): both become ServiceUnavailableError naming the integration.
 * The token is never part of a message, even if the provider were to echo it.
 *
 * `failure` is undefined when the provider never answered (network error).
 */
export function translateProviderError(
  provider: 'GitHub' | 'GitLab',
  error: unknown,
  failure: ProviderFailure | undefined,
  context: { host: string; repo: string; token?: string },
): Error {
  const { host, repo, token } = context;
  if (!failure) {
    return new ServiceUnavailableError(
      `${provider} ${host} could not be reached for ${repo}: ${redact(
        String((error as Error)?.message ?? error),
        token,
      )}`,
    );
  }
  const message = redact(failure.message, token);
  const cause = sanitizedCause(failure.status, message, token);

  if (failure.rateLimited) {
    const resetAt = resetAtFromHeaders(failure.headers);
    return new RateLimitedError(
      `${provider} ${host} rate limited until ${formatClock(resetAt)}`,
      resetAt,
      cause,
    );
  }
  switch (failure.status) {
    case 401:
      return new ServiceUnavailableError(
        `${provider} rejected the credentials of integration ${host} (401); check integrations.${provider.toLowerCase()} for ${host}`,
        cause,
      );
    case 403:
      return new ServiceUnavailableError(
        `The ${provider} integration of ${host} is not allowed to access ${repo} (403): ${message}`,
        cause,
      );
    case 404:
      return new NotFoundError(
        `repository ${repo} not found or not visible to the integration ${host}`,
        cause,
      );
    case 409:
      return new ConflictError(`${provider} ${host}: ${message}`, cause);
    case 400:
    case 422:
      return new InputError(
        `${provider} ${host} refused the request for ${repo}: ${message}`,
        cause,
      );
    default:
      return new ServiceUnavailableError(
        `${provider} ${host} failed for ${repo} (${failure.status}): ${message}`,
        cause,
      );
  }
}
