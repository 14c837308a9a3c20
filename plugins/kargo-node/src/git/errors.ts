import { CustomErrorBase } from '@backstage/errors';
import {
  reasonMessage,
  type ReasonParams,
} from '@kargo-backstage/plugin-kargo-common';

/**
 * The Git provider answered with a rate limit (GitHub 403/429 with
 * `x-ratelimit-remaining: 0` or a secondary limit; GitLab 429). Thrown at once,
 * without waiting, so a background refresh keeps its last known list and shows
 * "rate limited until" for the affected repository only. Until `resetAt`, the
 * service answers this error for the same host without calling the provider.
 *
 * Every one carries the reason code `gitRateLimited` with its params, and its
 * message is that reason's English (kargo-common's `reasonMessage`), as
 * `errorWithReason` gives other errors: the rate limit is worded once.
 *
 * `statusCode` 503 so that, should it reach an HTTP router, it is answered as a
 * temporary outage rather than a 500.
 *
 * @public
 */
export class RateLimitedError extends CustomErrorBase {
  name = 'RateLimitedError' as const;
  readonly statusCode = 503;
  readonly code = 'gitRateLimited' as const;
  readonly params: ReasonParams['gitRateLimited'];
  /** When the provider lets us call again. */
  readonly resetAt: Date;

  constructor(
    /** `provider` as the user knows it (`GitHub`), `host` its integration. */
    limited: { provider: string; host: string; resetAt: Date },
    cause?: Error,
  ) {
    const params = {
      provider: limited.provider,
      host: limited.host,
      resetTime: limited.resetAt.toISOString(),
    };
    super(reasonMessage({ code: 'gitRateLimited', params }), cause);
    this.params = params;
    this.resetAt = limited.resetAt;
  }
}

/**
 * A cause that carries only the status and the provider's own message: the
 * clients' error objects hold request options (headers, sometimes tokens), so
 * they are never attached as the cause of errors we throw.
 */
export function sanitizedCause(
  status: number,
  message: string,
  secret?: string,
): Error {
  return new Error(`HTTP ${status}: ${redact(message, secret)}`);
}

/** Removes a secret from a text, in case an upstream message echoes it. */
export function redact(text: string, secret?: string): string {
  if (!secret || secret.length < 4) {
    return text;
  }
  return text.split(secret).join('[REDACTED]');
}

/**
 * Reset time from rate-limit headers: `retry-after` (seconds) wins, then
 * `x-ratelimit-reset` / `ratelimit-reset` (epoch seconds), else one minute.
 */
export function resetAtFromHeaders(
  headers: Record<string, string | number | undefined>,
  now: number = Date.now(),
): Date {
  const retryAfter = Number(headers['retry-after']);
  if (
    Number.isFinite(retryAfter) &&
    retryAfter >= 0 &&
    headers['retry-after'] !== undefined
  ) {
    return new Date(now + retryAfter * 1000);
  }
  const reset = Number(
    headers['x-ratelimit-reset'] ?? headers['ratelimit-reset'],
  );
  if (Number.isFinite(reset) && reset > 0) {
    return new Date(reset * 1000);
  }
  return new Date(now + 60_000);
}
