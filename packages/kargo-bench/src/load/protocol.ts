/** Arguments and answer of the load child process. */
export interface LoadArgs {
  /** Origin of the backend, e.g. http://127.0.0.1:PORT. */
  origin: string;
  /** Request paths, picked in turn by each request. */
  paths: string[];
  connections: number;
  durationSeconds: number;
  /** Request headers (e.g. the browser's Accept-Encoding). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}
