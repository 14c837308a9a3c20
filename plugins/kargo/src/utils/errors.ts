import { ResponseError } from '@backstage/errors';
import type { ReasonData } from './reasons';

/**
 * The message a person should read: the backend's own message for a
 * ResponseError (its `message` only names the HTTP status).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof ResponseError) {
    return error.cause?.message || error.message;
  }
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * The reason code and params the backend's answer gives beside its English
 * message (`error.code`, `error.params`), if any.
 */
export function errorReason(error: unknown): ReasonData {
  if (!(error instanceof ResponseError)) return {};
  const body = error.body?.error as ReasonData | undefined;
  return { code: body?.code, params: body?.params };
}
