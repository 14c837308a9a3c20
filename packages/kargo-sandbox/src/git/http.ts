import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** What a route answers; the provider handler adds its common headers. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A parsed request as the routes see it. */
export interface ApiRequest {
  method: string;
  /** Path after the API base, raw (still percent-encoded), e.g. `/projects/a%2Fb`. */
  path: string;
  query: URLSearchParams;
  /** Parsed JSON or form body ({} when empty). */
  body: Record<string, unknown>;
  /** `http://127.0.0.1:PORT`, from the request, for absolute Link URLs. */
  origin: string;
  /** API base, e.g. `/github/api/v3`. */
  base: string;
  headers: IncomingMessage['headers'];
}

/** A route: method, path pattern on the raw path, template for counters. */
export interface Route {
  method: string;
  pattern: RegExp;
  template: string;
  handle: (req: ApiRequest, params: string[]) => Reply;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** Thrown for a body that cannot be parsed; providers map it to their own 400. */
export class BodyError extends Error {}

export async function readBody(
  req: IncomingMessage,
): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyError('Request body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (!text) return {};
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (
      typeof parsed !== 'object' ||
      parsed === null ||
      Array.isArray(parsed)
    ) {
      throw new BodyError('Body must be a JSON object');
    }
    return parsed as Record<string, unknown>;
  } catch (e) {
    if (e instanceof BodyError) throw e;
    throw new BodyError('Problems parsing JSON');
  }
}

export function originOf(req: IncomingMessage): string {
  const secure = Boolean((req.socket as Partial<TLSSocket>).encrypted);
  return `${secure ? 'https' : 'http'}://${req.headers.host ?? '127.0.0.1'}`;
}

/** Builds the request model; the body is read only for writes. */
export async function toApiRequest(
  req: IncomingMessage,
  base: string,
): Promise<ApiRequest> {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const method = (req.method ?? 'GET').toUpperCase();
  const body = ['POST', 'PUT', 'PATCH'].includes(method)
    ? await readBody(req)
    : {};
  return {
    method,
    path: url.pathname.slice(base.length) || '/',
    query: url.searchParams,
    body,
    origin: originOf(req),
    base,
    headers: req.headers,
  };
}

export function findRoute(
  routes: Route[],
  method: string,
  path: string,
): { route: Route; params: string[] } | { pathKnown: boolean } {
  let pathKnown = false;
  for (const route of routes) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    pathKnown = true;
    if (route.method === method) return { route, params: match.slice(1) };
  }
  return { pathKnown };
}

/** A weak validator over the body and the query, as GitHub's varies with both. */
export function etagOf(body: string, query: URLSearchParams): string {
  const hash = createHash('sha256')
    .update(query.toString())
    .update('\n')
    .update(body);
  return `W/"${hash.digest('hex').slice(0, 40)}"`;
}

/** `If-None-Match` with weak comparison (RFC 9110 13.1.2), lists and `*`. */
export function etagMatches(
  header: string | string[] | undefined,
  etag: string,
): boolean {
  if (!header) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return String(header)
    .split(',')
    .some(t => t.trim() === '*' || strip(t) === wanted);
}

/** The token of `Authorization: token X` / `Bearer X`, or a named header. */
export function tokenOf(
  headers: IncomingMessage['headers'],
  extraHeader?: string,
) {
  if (extraHeader) {
    const value = headers[extraHeader];
    if (typeof value === 'string' && value) return value.trim();
  }
  const auth = headers.authorization;
  const match = auth ? /^(?:token|bearer)\s+(.+)$/i.exec(auth.trim()) : null;
  return match?.[1];
}

export function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | undefined;
  if (
    reply.body !== undefined &&
    reply.status !== 304 &&
    reply.status !== 204
  ) {
    payload =
      typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    headers['content-type'] ??=
      typeof reply.body === 'string'
        ? 'text/plain; charset=utf-8'
        : 'application/json; charset=utf-8';
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  res.writeHead(reply.status, headers);
  res.end(payload);
}

/** Integer query parameter clamped to [min, max], or the default when absent/invalid. */
export function intParam(
  query: URLSearchParams,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = query.get(name);
  const value = raw === null || raw === '' ? NaN : Number(raw);
  if (!Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(value)));
}

/** The string value of a body field, or undefined. */
export function stringField(body: Record<string, unknown>, name: string) {
  const value = body[name];
  return typeof value === 'string' ? value : undefined;
}
