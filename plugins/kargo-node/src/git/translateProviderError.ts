import {
  ConflictError,
  InputError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import {
  errorWithReason,
  type Reason,
} from '@kargo-backstage/plugin-kargo-common';
import {
  RateLimitedError,
  redact,
  resetAtFromHeaders,
  sanitizedCause,
} from './errors';

/** What a provider's client error said, read by the provider's module. @public */
export interface ProviderFailure {
  status: number;
  /** The provider's own message (not yet redacted). */
  message: string;
  headers: Record<string, string | number | undefined>;
  /** The provider's way of saying "rate limited" (status and headers vary). */
  rateLimited: boolean;
}

/**
 * Translates a Git provider's failure once, into `@backstage/errors`. Upstream
 * 401/403 never surface as ours (they would read as the Backstage user's own
 * login failing): both become ServiceUnavailableError naming the integration.
 * The token is never part of a message, even if the provider were to echo it.
 *
 * `failure` is undefined when the provider never answered (network error).
 *
 * @public
 */
export function translateProviderError(
  /** As the user knows it: `GitHub`, `GitLab`, `Bitbucket Cloud`. */
  provider: string,
  error: unknown,
  failure: ProviderFailure | undefined,
  context: { host: string; repo: string; token?: string },
): Error {
  const { host, repo, token } = context;
  if (!failure) {
    const detail = redact(String((error as Error)?.message ?? error), token);
    return errorWithReason(ServiceUnavailableError, {
      code: 'gitUnreachable',
      params: { provider, host, repo, detail },
    });
  }
  const detail = redact(failure.message, token);
  const cause = sanitizedCause(failure.status, detail, token);
  const as = (ErrorClass: new (m: string, c?: Error) => Error, why: Reason) =>
    errorWithReason(ErrorClass, why, { cause });

  if (failure.rateLimited) {
    const resetAt = resetAtFromHeaders(failure.headers);
    return new RateLimitedError({ provider, host, resetAt }, cause);
  }
  switch (failure.status) {
    case 401:
      return as(ServiceUnavailableError, {
        code: 'gitUnauthorized',
        params: { provider, host },
      });
    case 403:
      return as(ServiceUnavailableError, {
        code: 'gitForbidden',
        params: { provider, host, repo, detail },
      });
    case 404:
      return as(NotFoundError, { code: 'gitNotFound', params: { host, repo } });
    case 409:
      return as(ConflictError, {
        code: 'gitConflict',
        params: { provider, host, detail },
      });
    case 400:
    case 422:
      return as(InputError, {
        code: 'gitRefused',
        params: { provider, host, repo, detail },
      });
    default:
      return as(ServiceUnavailableError, {
        code: 'gitFailed',
        params: { provider, host, repo, status: failure.status, detail },
      });
  }
}
