/**
 * An error the Kargo API answers with its status and `{"error": "..."}`
 * (akuity/kargo v1.11.2 pkg/server/rest_router.go handleError: an HTTP error
 * or a Kubernetes StatusError keeps its code and message; anything else is
 * 500 `internal server error`, its cause only logged).
 */
import type { ServerResponse } from 'node:http';
import { KubeError } from '../kube/errors';

export class KargoApiError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
    this.name = 'KargoApiError';
  }
}

/** `fmt.Errorf("<prefix>: %w", err)`: the same status, the message prefixed. */
export function wrapError(prefix: string, e: unknown): unknown {
  if (e instanceof KargoApiError)
    return new KargoApiError(e.status, `${prefix}: ${e.message}`);
  if (e instanceof KubeError)
    return new KargoApiError(e.code, `${prefix}: ${e.message}`);
  return e;
}

/** A plain Go error (no status): answered as a 500. */
export const plainError = (message: string) => new Error(message);

export function sendKargoJson(res: ServerResponse, status: number, body?: unknown) {
  // gin's c.Status(200) sends no body; c.JSON sends JSON.
  if (body === undefined) {
    res.writeHead(status, { 'content-length': 0 }).end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** handleError: the status and body Kargo sends for an error. */
export function errorAnswer(e: unknown): { status: number; error: string } {
  if (e instanceof KargoApiError && e.status !== 500)
    return { status: e.status, error: e.message };
  if (e instanceof KubeError && e.code !== 500)
    return { status: e.code, error: e.message };
  return { status: 500, error: 'internal server error' };
}
