/** Small node:http helpers shared by the API handlers. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { KubeError, badRequest } from './errors';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | string[]> = {},
): void {
  sendText(res, status, JSON.stringify(body), headers);
}

/** Sends an already serialised JSON body. */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string | string[]> = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendError(res: ServerResponse, err: unknown): void {
  const ke =
    err instanceof KubeError
      ? err
      : new KubeError(
          500,
          'InternalError',
          `Internal error occurred: ${(err as Error)?.message ?? String(err)}`,
        );
  if (res.headersSent) {
    res.end();
    return;
  }
  sendJson(res, ke.code, ke.toStatus());
}

const MAX_BODY = 8 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY)
      throw new KubeError(
        413,
        'RequestEntityTooLarge',
        'request entity too large',
      );
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const buf = await readBody(req);
  if (buf.length === 0) throw badRequest('the request body is empty');
  try {
    return JSON.parse(buf.toString('utf8'));
  } catch (e) {
    throw badRequest(
      `the body of the request is not valid JSON: ${(e as Error).message}`,
    );
  }
}
