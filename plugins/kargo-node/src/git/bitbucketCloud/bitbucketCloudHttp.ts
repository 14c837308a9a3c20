import {
  getBitbucketCloudRequestOptions,
  type BitbucketCloudIntegrationConfig,
} from '@backstage/integration';

// A hung Bitbucket must not hold a refresh.
const TIMEOUT_MS = 30_000;

/**
 * A Bitbucket Cloud HTTP failure: status, headers (Retry-After) and
 * Bitbucket's `error.message`. Holds no request, hence no credentials.
 */
export class BitbucketCloudHttpError extends Error {
  name = 'BitbucketCloudHttpError';

  constructor(
    readonly status: number,
    readonly headers: Record<string, string>,
    readonly description: string,
  ) {
    super(`Bitbucket Cloud answered ${status}: ${description}`);
  }
}

/** Bitbucket's error body: `{ type: "error", error: { message, detail } }`. */
function describe(body: unknown): string {
  const error = (body as { error?: { message?: unknown; detail?: unknown } })
    ?.error;
  const message = typeof error?.message === 'string' ? error.message : '';
  const detail = typeof error?.detail === 'string' ? error.detail : '';
  return [message, detail].filter(Boolean).join(': ');
}

/**
 * The Authorization header of an integration: a repository, project or
 * workspace access token alone is sent as Bearer (as Kargo's git-open-pr
 * sends it); username with API token or app password, and OAuth client
 * credentials, as Backstage's `getBitbucketCloudRequestOptions` sends them
 * (it keeps an OAuth token until it expires, so asking per request is cheap).
 */
export async function bitbucketCloudHeaders(
  config: BitbucketCloudIntegrationConfig,
): Promise<Record<string, string>> {
  if (config.token && !config.username) {
    return { authorization: `Bearer ${config.token}` };
  }
  return (await getBitbucketCloudRequestOptions(config)).headers;
}

/** The secret of an integration, only to redact it from upstream messages. */
export function bitbucketCloudSecret(
  config: BitbucketCloudIntegrationConfig,
): string | undefined {
  return config.token ?? config.appPassword ?? config.clientSecret;
}

/**
 * One JSON request to Bitbucket Cloud's REST API 2.0. `path` is either
 * relative to `apiBaseUrl` or an absolute `next` link of a page (which
 * Bitbucket builds on its own API base).
 */
export async function bitbucketCloudRequest<T>(options: {
  apiBaseUrl: string;
  path: string;
  method?: string;
  body?: unknown;
  headers: Record<string, string>;
  fetch?: typeof fetch;
  onRequest?: () => void;
}): Promise<T> {
  const url = /^https?:\/\//.test(options.path)
    ? options.path
    : `${options.apiBaseUrl.replace(/\/$/, '')}/${options.path}`;
  options.onRequest?.();
  const response = await (options.fetch ?? globalThis.fetch)(url, {
    method: options.method ?? 'GET',
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
      ...options.headers,
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Plain text (a proxy's page): kept as the description.
  }
  if (!response.ok) {
    throw new BitbucketCloudHttpError(
      response.status,
      Object.fromEntries(response.headers.entries()),
      describe(body) || (typeof body === 'string' ? body.slice(0, 200) : ''),
    );
  }
  return body as T;
}
