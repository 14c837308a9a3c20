import { ResponseError } from '@backstage/errors';

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
