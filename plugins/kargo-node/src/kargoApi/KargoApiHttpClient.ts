import type { LoggerService } from '@backstage/backend-plugin-api';
import { InputError, NotAllowedError, NotFoundError } from '@backstage/errors';
import { errorWithReason } from '@kargo-backstage/plugin-kargo-common';
import type { Promotion } from '@kargo-backstage/plugin-kargo-common';
import type { KargoApiConfig } from '../config';
import { KargoApiTransport } from './KargoApiTransport';
import { name } from './objectName';
import { stageLinksOf } from './stageLinks';
import type {
  KargoApiClient,
  KargoAnalysisRunLogsOptions,
  KargoApiIdentity,
  KargoPromoteTarget,
  KargoPublicServerConfig,
  KargoStageLinks,
} from './types';

/** @public */
export interface KargoApiHttpClientOptions {
  /** The instance's name (in errors and logs). */
  instance: string;
  /** The instance's validated `api` block. */
  api: KargoApiConfig;
  logger?: LoggerService;
  /** How long a call may wait for Kargo's answer (default 30 s). */
  timeoutMs?: number;
}

/** A Warehouse name no Kubernetes object can have (not DNS-1123). */
const NO_WAREHOUSE = '-';

/**
 * {@link KargoApiClient} over HTTP with openapi-fetch, typed by Kargo
 * v1.11.2's swagger.json (./generated): one method per Kargo endpoint. Each
 * call travels through the instance's transport (KargoApiTransport): its token
 * goes to `api.url`'s origin only, a redirect is an error (never followed),
 * and the token appears in no error, cause or log line. TLS (`caData`,
 * `skipTLSVerify`) applies to this client alone.
 *
 * @public
 */
export class KargoApiHttpClient implements KargoApiClient {
  readonly instance: string;
  /** The instance's identity mode (`api.identity`), no credential. */
  readonly identityMode: KargoApiConfig['identity'];
  /** The Backstage auth provider whose ID token Kargo accepts (`api.authProvider`). */
  readonly authProvider?: string;
  /** Whether a person's reads are authorized by Kargo too (`api.authorizeReads`). */
  readonly authorizeReads: boolean;
  readonly #transport: KargoApiTransport;

  constructor(options: KargoApiHttpClientOptions) {
    this.instance = options.instance;
    this.identityMode = options.api.identity;
    this.authProvider = options.api.authProvider;
    this.authorizeReads = options.api.authorizeReads ?? false;
    this.#transport = new KargoApiTransport(options);
  }

  /**
   * The identity a write uses under this instance's `api.identity`, given
   * the person's ID token when a person is present: `user` sends the
   * person's token, else the portal's token when configured; `portal` always
   * the portal's. Throws AuthenticationError `kargoIdentityRequired` when
   * there is neither.
   */
  resolveIdentity(
    idToken?: string,
    options?: { personPresent?: boolean },
  ): KargoApiIdentity {
    if (this.identityMode === 'user' && idToken) {
      return { type: 'user', idToken };
    }
    // A person without their token signs in; the portal's rights are not theirs.
    if (this.identityMode === 'user' && options?.personPresent) {
      throw this.#transport.identityRequired();
    }
    if (this.#transport.hasPortalToken) return { type: 'portal' };
    throw this.#transport.identityRequired();
  }

  async promote(
    project: string,
    stage: string,
    target: KargoPromoteTarget,
    identity: KargoApiIdentity,
  ): Promise<Promotion> {
    const body =
      'freight' in target
        ? { freight: target.freight }
        : { freightAlias: target.freightAlias };
    if (!(body.freight ?? body.freightAlias)) {
      throw errorWithReason(InputError, {
        code: 'freightNotGiven',
        params: { project },
      });
    }
    const path = {
      project: name(project, 'project'),
      stage: name(stage, 'stage'),
    };
    const data = await this.#transport.call(identity, (client, init) =>
      client.POST('/v1beta1/projects/{project}/stages/{stage}/promotions', {
        ...init,
        params: { path },
        body,
      }),
    );
    // The Promotion Kargo created (201), the object the cluster client reads.
    return data as Promotion;
  }

  async reverify(
    project: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<void> {
    const path = {
      project: name(project, 'project'),
      stage: name(stage, 'stage'),
    };
    await this.#transport.call(identity, (client, init) =>
      client.POST('/v1beta1/projects/{project}/stages/{stage}/verification', {
        ...init,
        params: { path },
      }),
    );
  }

  async abortVerification(
    project: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<void> {
    const path = {
      project: name(project, 'project'),
      stage: name(stage, 'stage'),
    };
    await this.#transport.call(identity, (client, init) =>
      client.POST(
        '/v1beta1/projects/{project}/stages/{stage}/verification/abort',
        { ...init, params: { path } },
      ),
    );
  }

  async abortPromotion(
    project: string,
    promotion: string,
    identity: KargoApiIdentity,
  ): Promise<void> {
    const path = {
      project: name(project, 'project'),
      promotion: name(promotion, 'promotion'),
    };
    await this.#transport.call(identity, (client, init) =>
      client.POST('/v1beta1/projects/{project}/promotions/{promotion}/abort', {
        ...init,
        params: { path },
      }),
    );
  }

  async approveFreight(
    project: string,
    freight: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<void> {
    const path = {
      project: name(project, 'project'),
      'freight-name-or-alias': name(freight, 'freight'),
    };
    const query = { stage: name(stage, 'stage', 'query') };
    await this.#transport.call(identity, (client, init) =>
      client.POST(
        '/v1beta1/projects/{project}/freight/{freight-name-or-alias}/approve',
        { ...init, params: { path, query } },
      ),
    );
  }

  async refreshStage(
    project: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<void> {
    const path = {
      project: name(project, 'project'),
      stage: name(stage, 'stage'),
    };
    await this.#transport.call(identity, (client, init) =>
      client.POST('/v1beta1/projects/{project}/stages/{stage}/refresh', {
        ...init,
        params: { path },
      }),
    );
  }

  async mayListStages(
    project: string,
    identity: KargoApiIdentity,
  ): Promise<boolean> {
    const path = { project: name(project, 'project') };
    // Kargo authorizes the list before it filters by Warehouse
    // (pkg/server/list_stages_v1alpha1.go listStagesByWarehouses): a
    // Warehouse name no object can have ('-' is no DNS-1123 name) keeps the
    // answer empty however many Stages the project has.
    const query = { freightOrigins: [NO_WAREHOUSE] };
    try {
      await this.#transport.call(identity, (client, init) =>
        client.GET('/v1beta1/projects/{project}/stages', {
          ...init,
          params: { path, query },
        }),
      );
      return true;
    } catch (error) {
      if (error instanceof NotAllowedError || error instanceof NotFoundError) {
        return false;
      }
      throw error;
    }
  }

  async refreshWarehouse(
    project: string,
    warehouse: string,
    identity: KargoApiIdentity,
  ): Promise<void> {
    const path = {
      project: name(project, 'project'),
      warehouse: name(warehouse, 'warehouse'),
    };
    await this.#transport.call(identity, (client, init) =>
      client.POST(
        '/v1beta1/projects/{project}/warehouses/{warehouse}/refresh',
        {
          ...init,
          params: { path },
        },
      ),
    );
  }

  async streamAnalysisRunLogs(
    project: string,
    analysisRun: string,
    options: KargoAnalysisRunLogsOptions,
    identity: KargoApiIdentity,
    signal?: AbortSignal,
  ): Promise<ReadableStream<Uint8Array>> {
    const path = {
      project: name(project, 'project'),
      'analysis-run': name(analysisRun, 'analysisRun'),
    };
    const query: { metricName?: string; containerName?: string } = {};
    if (options.metricName !== undefined) {
      // Argo Rollouts metric names are free text: only bounded and printable.
      if (!/^[\x21-\x7e]{1,253}$/.test(options.metricName)) {
        throw errorWithReason(InputError, {
          code: 'invalidRequest',
          params: { field: 'metricName', location: 'query' },
        });
      }
      query.metricName = options.metricName;
    }
    if (options.containerName !== undefined) {
      query.containerName = name(
        options.containerName,
        'containerName',
        'query',
      );
    }
    const body = await this.#transport.call(
      identity,
      (client, init) =>
        client.GET(
          '/v1beta1/projects/{project}/analysis-runs/{analysis-run}/logs',
          { ...init, params: { path, query }, parseAs: 'stream' },
        ),
      { stream: signal ?? new AbortController().signal },
    );
    if (!body) throw new Error('Kargo answered the log stream without a body');
    return body as ReadableStream<Uint8Array>;
  }

  async getStageLinks(
    project: string,
    stage: string,
    identity: KargoApiIdentity,
  ): Promise<KargoStageLinks> {
    const path = {
      project: name(project, 'project'),
      stage: name(stage, 'stage'),
    };
    const data = await this.#transport.call(identity, (client, init) =>
      client.GET('/v1beta1/projects/{project}/stages/{stage}/links', {
        ...init,
        params: { path },
      }),
    );
    return stageLinksOf(data);
  }

  async getPublicServerConfig(): Promise<KargoPublicServerConfig> {
    const data = await this.#transport.call(null, (client, init) =>
      client.GET('/v1beta1/system/public-server-config', init),
    );
    return {
      oidc: data?.oidcConfig,
      adminAccountEnabled: data?.adminAccountEnabled,
      skipAuth: data?.skipAuth,
    };
  }
}
