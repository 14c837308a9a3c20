/**
 * A fault injected into the sandbox's HTTP server, in front of every API it
 * serves (Kubernetes, GitHub, GitLab). Exactly one behaviour applies:
 * `hang` (never answer), `reset` (destroy the socket), `status` (a canned
 * error answer) or, with only `delayMs`, a slow but normal answer. `delayMs`
 * also delays a `status` or `reset`.
 *
 * @public
 */
export interface SandboxFault {
  /** Only requests with this method (case-insensitive). */
  method?: string;
  /** Matched against the request's path and query, e.g. `/apis/kargo.akuity.io/`. */
  path: RegExp;
  /** Answer with this status (a Kubernetes `Status` body unless `body` is given). */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Destroy the connection without answering (ECONNRESET at the client). */
  reset?: boolean;
  /** Wait this long first. */
  delayMs?: number;
  /** Never answer: the client's own timeout must end the request. */
  hang?: boolean;
  /** How many requests it affects; every matching one until cleared when omitted. */
  times?: number;
}

/** Which API of the sandbox a request was for. @public */
export type SandboxApi =
  | 'kubernetes'
  | 'github'
  | 'gitlab'
  | 'bitbucket'
  | 'sandbox';

/** One request that reached the sandbox's server, faulted or not. @public */
export interface SandboxRequestRecord {
  api: SandboxApi;
  method: string;
  /** Path and query as sent. */
  url: string;
  /** True when an injected fault answered (or swallowed) it. */
  faulted: boolean;
}

/** Requests that reached the server, per API. @public */
export type SandboxRequestCounts = Record<SandboxApi, number> & {
  total: number;
};
