import {
  createRequesterFn,
  getMatchingRateLimiter,
  RateLimiters,
  RequesterType,
  ResourceOptions,
} from '@gitbeaker/requester-utils';

/**
 * A GitLab HTTP failure with what error translation needs: the status, the
 * response headers (RateLimit-Reset, Retry-After) and GitLab's message.
 * Deliberately holds no request, hence no PRIVATE-TOKEN header.
 */
export class GitlabHttpError extends Error {
  name = 'GitlabHttpError';

  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly description: string,
  ) {
    super(`GitLab answered ${status}: ${description}`);
  }
}

/** GitLab's `message`/`error`, which may be a string, a list or a map of lists. */
function describe(body: unknown): string {
  if (typeof body === 'string') {
    return body;
  }
  const content =
    (body as { message?: unknown; error?: unknown } | null)?.message ??
    (body as { error?: unknown } | null)?.error;
  if (typeof content === 'string') {
    return content;
  }
  if (Array.isArray(content)) {
    return content.map(String).join('; ');
  }
  if (content && typeof content === 'object') {
    return Object.entries(content)
      .map(
        ([key, value]) =>
          `${key} ${Array.isArray(value) ? value.join(', ') : String(value)}`,
      )
      .join('; ');
  }
  return '';
}

async function readBody(response: Response): Promise<unknown> {
  const contentType = (response.headers.get('content-type') ?? '')
    .split(';')[0]
    .trim();
  if (response.status === 204) {
    return null;
  }
  if (contentType === 'application/json') {
    const text = await response.text();
    return text ? JSON.parse(text) : {};
  }
  return response.text();
}

/**
 * A gitbeaker requester that differs from @gitbeaker/rest's in four ways:
 * it sends to the integration's `apiBaseUrl`,
 * it never sleeps and retries on 429 (a background refresh must surface the
 * rate limit at once), it keeps the response headers on errors (for the
 * reset time), and it takes an injectable fetch and counts requests.
 */
export function createGitlabRequesterFn(options: {
  fetch?: typeof fetch;
  onRequest?: () => void;
  /**
   * The integration's `apiBaseUrl`: requests go there, as Backstage's GitLab
   * integration sends them, instead of gitbeaker's `<host>/api/v4`.
   */
  apiBaseUrl?: string;
}): (serviceOptions: ResourceOptions) => RequesterType {
  return createRequesterFn(
    async (_serviceOptions, requestOptions) => requestOptions,
    async (endpoint, requestOptions) => {
      const {
        prefixUrl,
        searchParams,
        method,
        headers,
        body,
        signal,
        rateLimiters,
      } = (requestOptions ?? {}) as {
        prefixUrl?: string;
        searchParams?: string;
        method?: string;
        headers?: Record<string, string>;
        body?: BodyInit;
        signal?: AbortSignal;
        rateLimiters?: Record<string, RateLimiters[string]>;
      };
      const prefix = options.apiBaseUrl ?? prefixUrl ?? '';
      const base = prefix.endsWith('/') ? prefix : `${prefix}/`;
      const url = new URL(endpoint, base);
      url.search = searchParams ?? '';
      // gitbeaker's client-side limiter (3,000 requests a minute by default).
      await getMatchingRateLimiter(endpoint, rateLimiters, method)();

      options.onRequest?.();
      const fetchImpl = options.fetch ?? globalThis.fetch;
      const response = await fetchImpl(url, { method, headers, body, signal });
      const responseHeaders = Object.fromEntries(response.headers.entries());
      const responseBody = await readBody(response);
      if (!response.ok) {
        throw new GitlabHttpError(
          response.status,
          responseHeaders,
          describe(responseBody),
        );
      }
      return {
        body: responseBody as Record<string, unknown>,
        headers: responseHeaders,
        status: response.status,
      };
    },
  );
}
