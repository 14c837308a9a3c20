import {
  AuthenticationError,
  ConflictError,
  InputError,
  NotAllowedError,
  NotFoundError,
  ServiceUnavailableError,
} from '@backstage/errors';
import {
  errorWithReason,
  redactCredentials,
} from '@kargo-backstage/plugin-kargo-common';
import type { components } from './generated/types';
import type { KargoApiIdentity } from './types';

/**
 * Kargo's error body, `{"error": "..."}`: `errorResponse` of
 * pkg/server/rest_router.go (akuity/kargo v1.11.2), which its swagger names
 * only as its alias ResourceErrorResponse (create_resource_v1alpha1.go).
 */
type KargoErrorBody = components['schemas']['ResourceErrorResponse'];

/** What a failed call was, to word its error. */
export interface KargoCallContext {
  instance: string;
  identity: KargoApiIdentity['type'] | 'none';
  /** Every token this call could have sent: removed from any text kept. */
  secrets: string[];
}

/** Text from Kargo (or a proxy in front of it) fit for an error message. */
export function scrub(text: string, secrets: string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret) out = out.split(secret).join('[redacted]');
  }
  return redactCredentials(out).slice(0, 500);
}

function kargoWords(status: number, body: unknown, secrets: string[]): string {
  const error = (body as KargoErrorBody | undefined)?.error;
  // A proxy's HTML page is no message: it may quote the request.
  return typeof error === 'string' && error.trim()
    ? scrub(error, secrets)
    : `HTTP ${status}`;
}

/**
 * Translates a non-2xx answer of Kargo's API into an `@backstage/errors`
 * error with a reason code and Kargo's own words. The status codes are
 * Kargo's (handleError in pkg/server/rest_router.go): 401 says only "no token
 * provided" or "invalid token", a 500 only "internal server error".
 */
export function translateKargoAnswer(
  status: number,
  body: unknown,
  ctx: KargoCallContext,
): Error {
  const params = {
    instance: ctx.instance,
    message: kargoWords(status, body, ctx.secrets),
  };
  switch (status) {
    case 400:
      return errorWithReason(InputError, { code: 'kargoRejected', params });
    case 401:
      // A person's token expired or was not issued by Kargo's identity
      // provider: they sign in again. The portal's token is our setup.
      return ctx.identity === 'user'
        ? errorWithReason(AuthenticationError, {
            code: 'kargoSignInAgain',
            params,
          })
        : errorWithReason(ServiceUnavailableError, {
            code: 'kargoApiTokenRejected',
            params,
          });
    case 403:
      return errorWithReason(NotAllowedError, {
        code: 'kargoForbidden',
        params,
      });
    case 404:
      return errorWithReason(NotFoundError, { code: 'kargoNotFound', params });
    case 409:
      return errorWithReason(ConflictError, { code: 'kargoConflict', params });
    default:
      if (status >= 300 && status < 400) {
        // Never followed: a redirect could carry the token to another host.
        return errorWithReason(ServiceUnavailableError, {
          code: 'kargoApiUnavailable',
          params: {
            instance: ctx.instance,
            message: `HTTP ${status} redirect, not followed`,
          },
        });
      }
      return errorWithReason(ServiceUnavailableError, {
        code: 'kargoApiUnavailable',
        params,
      });
  }
}

const NETWORK_CODES =
  /^(E[A-Z]+|UND_ERR_[A-Z_]+|ERR_TLS_[A-Z_]+)$|CERT|SELF_SIGNED|UNABLE_TO_/;

/**
 * Translates a call that got no usable answer (refused, reset, TLS,
 * timeout, a body that is not JSON). The
 * cause is not kept: only its code, so nothing of the request travels on.
 */
export function translateNoAnswer(
  error: unknown,
  ctx: KargoCallContext,
  timeoutMs: number,
): Error {
  const e = error as { name?: string; cause?: { code?: unknown } };
  let message = 'no answer';
  if (error instanceof SyntaxError) {
    // openapi-fetch parses a 2xx body as JSON: an HTML page means api.url
    // is not Kargo's API server (the parser's message quotes the page).
    message = 'an answer that is not JSON; check api.url';
  } else if (e?.name === 'TimeoutError' || e?.name === 'AbortError') {
    message = `no answer within ${
      timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`
    }`;
  } else if (
    typeof e?.cause?.code === 'string' &&
    NETWORK_CODES.test(e.cause.code)
  ) {
    message = `cannot connect (${e.cause.code})`;
  }
  return errorWithReason(ServiceUnavailableError, {
    code: 'kargoApiUnavailable',
    params: { instance: ctx.instance, message },
  });
}
