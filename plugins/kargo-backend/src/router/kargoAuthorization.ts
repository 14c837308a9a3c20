import { InputError } from '@backstage/errors';
import type { Request } from 'express';

/** The header a write carries the person's OIDC ID token for Kargo in. */
export const KARGO_AUTHORIZATION_HEADER = 'backstage-kargo-authorization';

// A bearer token's characters (RFC 6750 b64token), within a sane length.
const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;
const MAX_LENGTH = 16_384;

/**
 * The person's ID token from `Backstage-Kargo-Authorization: Bearer <token>`,
 * or undefined when the header is absent. A malformed header is a 400 whose
 * message never repeats the value. The token authorizes nothing in
 * Backstage: the caller's Backstage credentials are checked beside it; it is
 * only handed to the write, which forwards it to the instance's Kargo API.
 */
export function kargoTokenOf(req: Request): string | undefined {
  const value = req.headers[KARGO_AUTHORIZATION_HEADER];
  if (value === undefined) return undefined;
  const match =
    typeof value === 'string' && value.length <= MAX_LENGTH
      ? BEARER.exec(value)
      : null;
  if (!match) {
    throw new InputError(
      "Invalid header 'Backstage-Kargo-Authorization': must be 'Bearer <OIDC ID token>'",
    );
  }
  return match[1];
}
