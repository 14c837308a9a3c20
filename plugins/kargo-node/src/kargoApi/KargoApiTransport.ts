import type { LoggerService } from '@backstage/backend-plugin-api';
import { AuthenticationError } from '@backstage/errors';
import { errorWithReason } from '@kargo-backstage/plugin-kargo-common';
import createClient, { type Client } from 'openapi-fetch';
import type { Dispatcher } from 'undici';
import type { KargoApiConfig } from '../config';
import {
  translateKargoAnswer,
  translateNoAnswer,
  type KargoCallContext,
} from './errors';
import type { paths } from './generated/types';
import { createTlsDispatcher } from './tls';
import type { KargoApiIdentity } from './types';

/**
 * How one instance's calls travel: each sends its identity's token as
 * `Authorization: Bearer` to `api.url`'s origin only (a request to any other
 * origin is refused before it leaves, a redirect is an error, never
 * followed), with the instance's TLS settings and a timeout; the answer is
 * the 2xx data or a translated error that carries no token.
 */
export class KargoApiTransport {
  readonly #instance: string;
  readonly #origin: string;
  readonly #portalToken?: string;
  readonly #client: Client<paths>;
  readonly #logger?: LoggerService;
  readonly #timeoutMs: number;
  readonly #dispatcher?: Dispatcher;

  constructor(options: {
    instance: string;
    api: KargoApiConfig;
    logger?: LoggerService;
    timeoutMs?: number;
  }) {
    this.#instance = options.instance;
    this.#origin = new URL(options.api.url).origin;
    this.#portalToken = options.api.token;
    this.#logger = options.logger;
    this.#timeoutMs = options.timeoutMs ?? 30_000;
    this.#dispatcher = createTlsDispatcher(options.api);
    this.#client = createClient<paths>({
      baseUrl: options.api.url,
      redirect: 'manual',
    });
  }

  /** Whether the instance has a portal token (`api.token`). */
  get hasPortalToken(): boolean {
    return !!this.#portalToken;
  }

  identityRequired() {
    return errorWithReason(AuthenticationError, {
      code: 'kargoIdentityRequired',
      params: { instance: this.#instance },
    });
  }

  private tokenOf(identity: KargoApiIdentity): string {
    const token =
      identity.type === 'user' ? identity.idToken : this.#portalToken;
    if (!token) throw this.identityRequired();
    return token;
  }

  /**
   * One call: the token (none for `null`) goes on a request to this
   * instance's origin only; the answer is the 2xx data or a translated error.
   */
  async call<T>(
    identity: KargoApiIdentity | null,
    send: (
      client: Client<paths>,
      init: {
        signal: AbortSignal;
        fetch: (request: Request) => Promise<Response>;
      },
    ) => Promise<{ data?: T; error?: unknown; response: Response }>,
    options?: {
      /**
       * A streamed answer: the timeout covers the wait for the response's
       * head only, and this signal (the caller's) ends the body later.
       */
      stream?: AbortSignal;
    },
  ): Promise<T | undefined> {
    const token = identity ? this.tokenOf(identity) : undefined;
    const ctx: KargoCallContext = {
      instance: this.#instance,
      identity: identity?.type ?? 'none',
      secrets: [token ?? '', this.#portalToken ?? ''],
    };
    let path = '';
    const fetchPinned = async (request: Request) => {
      const url = new URL(request.url);
      path = url.pathname;
      // The URL is built from api.url and encoded names; checked anyway,
      // before the token is attached.
      if (url.origin !== this.#origin) {
        throw new Error('request outside the instance’s Kargo API origin');
      }
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      return globalThis.fetch(request, {
        dispatcher: this.#dispatcher,
      } as RequestInit);
    };
    let result: { data?: T; error?: unknown; response: Response };
    const headTimeout = new AbortController();
    const timer = options?.stream
      ? setTimeout(
          () =>
            headTimeout.abort(
              new DOMException('head timed out', 'TimeoutError'),
            ),
          this.#timeoutMs,
        )
      : undefined;
    try {
      result = await send(this.#client, {
        signal: options?.stream
          ? AbortSignal.any([options.stream, headTimeout.signal])
          : AbortSignal.timeout(this.#timeoutMs),
        fetch: fetchPinned,
      });
    } catch (error) {
      this.#logger?.debug(`Kargo API ${this.#instance} ${path}: no answer`);
      throw translateNoAnswer(error, ctx, this.#timeoutMs);
    } finally {
      clearTimeout(timer);
    }
    const status = result.response.status;
    this.#logger?.debug(`Kargo API ${this.#instance} ${path}: ${status}`);
    if (status >= 200 && status < 300) return result.data;
    throw translateKargoAnswer(status, result.error, ctx);
  }
}
