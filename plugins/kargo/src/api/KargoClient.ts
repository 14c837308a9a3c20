// openapi-fetch names its methods after the HTTP verbs (client.GET).
/* eslint-disable new-cap */
import { parseEntityRef } from '@backstage/catalog-model';
import type { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import { ResponseError } from '@backstage/errors';
import {
  KARGO_PLUGIN_ID,
  type AbortPromotionResponse,
  type AnalysisRunResponse,
  type EntityStagesResponse,
  type KargoApiPaths,
  type PromoteResponse,
  type ApproveFreightResponse,
  type ReverifyResponse,
  type StageDetail,
  type StageLinksResponse,
} from '@kargo-backstage/plugin-kargo-common';
import createClient, { type Client } from 'openapi-fetch';
import type {
  KargoAnalysisRunRequest,
  KargoApi,
  KargoStageRequest,
} from './KargoApi';
import { KARGO_AUTHORIZATION_HEADER, type KargoAuthApi } from './KargoAuthApi';

/**
 * The default {@link KargoApi}: calls the Kargo backend through the app's
 * discovery and (authenticated) fetch APIs, with paths, parameters and
 * answers typed by the backend's OpenAPI document (openapi-fetch encodes
 * every path segment). Writes carry the signed-in person's ID token for
 * the instance's Kargo API in `Backstage-Kargo-Authorization` when
 * `kargoAuthApi` has one; reads never do.
 *
 * @public
 */
export class KargoClient implements KargoApi {
  private readonly discoveryApi: DiscoveryApi;
  private readonly client: Client<KargoApiPaths>;
  private readonly kargoAuthApi?: KargoAuthApi;

  constructor(options: {
    discoveryApi: DiscoveryApi;
    fetchApi: FetchApi;
    /** The person's ID token for writes; without it writes carry none. */
    kargoAuthApi?: KargoAuthApi;
  }) {
    this.discoveryApi = options.discoveryApi;
    this.kargoAuthApi = options.kargoAuthApi;
    this.client = createClient<KargoApiPaths>({
      // Backstage's fetch middleware builds a new Request from what it is
      // given; a Request whose body stream was read cannot be (a POST with
      // a body failed in the browser), so hand it the URL and plain init.
      fetch: async request =>
        options.fetchApi.fetch(request.url, {
          method: request.method,
          headers: request.headers,
          ...(request.body ? { body: await request.text() } : {}),
        }),
    });
    this.client.use({
      async onResponse({ response }) {
        // Keeps the backend's error name and message for ResponseErrorPanel.
        if (!response.ok) throw await ResponseError.fromResponse(response);
        return response;
      },
    });
  }

  async getEntityStages(entityRef: string): Promise<EntityStagesResponse> {
    const { kind, namespace, name } = parseEntityRef(entityRef);
    const { data } = await this.client.GET(
      '/entities/{kind}/{namespace}/{name}/stages',
      {
        baseUrl: await this.baseUrl(),
        // The catalog treats kinds case-insensitively; URLs use lower case.
        params: {
          path: { kind: kind.toLocaleLowerCase('en-US'), namespace, name },
        },
      },
    );
    return data!;
  }

  async getStage(request: KargoStageRequest): Promise<StageDetail> {
    const { data } = await this.client.GET(
      '/projects/{project}/stages/{stage}',
      await this.stageOptions(request),
    );
    return data!;
  }

  async getAnalysisRun(
    request: KargoAnalysisRunRequest,
  ): Promise<AnalysisRunResponse> {
    const { project, name, instance } = request;
    const { data } = await this.client.GET(
      '/projects/{project}/analysis-runs/{name}',
      {
        baseUrl: await this.baseUrl(),
        params: { path: { project, name }, query: { instance } },
      },
    );
    return data!;
  }

  async getStageLinks(request: KargoStageRequest): Promise<StageLinksResponse> {
    // As the person, like a write: Kargo's RBAC answers for them.
    const { data } = await this.client.GET(
      '/projects/{project}/stages/{stage}/links',
      await this.writeOptions(request),
    );
    return data!;
  }

  async reverify(request: KargoStageRequest): Promise<ReverifyResponse> {
    const { data } = await this.client.POST(
      '/projects/{project}/stages/{stage}/reverify',
      await this.writeOptions(request),
    );
    return data!;
  }

  async abortVerification(request: KargoStageRequest): Promise<void> {
    await this.client.POST(
      '/projects/{project}/stages/{stage}/abort-verification',
      await this.writeOptions(request),
    );
  }

  async promote(
    request: KargoStageRequest & { freight: string },
  ): Promise<PromoteResponse> {
    const { data } = await this.client.POST(
      '/projects/{project}/stages/{stage}/promote',
      {
        ...(await this.writeOptions(request)),
        body: { freight: request.freight },
      },
    );
    return data!;
  }

  async approveFreight(
    request: KargoStageRequest & { freight: string },
  ): Promise<ApproveFreightResponse> {
    const { data } = await this.client.POST(
      '/projects/{project}/stages/{stage}/approve',
      {
        ...(await this.writeOptions(request)),
        body: { freight: request.freight },
      },
    );
    return data!;
  }

  async abortPromotion(
    request: KargoStageRequest & { promotion: string },
  ): Promise<AbortPromotionResponse> {
    const { baseUrl, params, headers } = await this.writeOptions(request);
    const { data } = await this.client.POST(
      '/projects/{project}/stages/{stage}/promotions/{promotion}/abort',
      {
        baseUrl,
        headers,
        params: {
          ...params,
          path: { ...params.path, promotion: request.promotion },
        },
      },
    );
    return data!;
  }

  private async stageOptions({ project, stage, instance }: KargoStageRequest) {
    return {
      baseUrl: await this.baseUrl(),
      params: { path: { project, stage }, query: { instance } },
    };
  }

  /** A write's options: the Stage's, and the person's token when there is one. */
  private async writeOptions(request: KargoStageRequest) {
    const [options, token] = await Promise.all([
      this.stageOptions(request),
      this.kargoAuthApi?.getIdToken(request.instance),
    ]);
    const headers: Record<string, string> = token
      ? { [KARGO_AUTHORIZATION_HEADER]: `Bearer ${token}` }
      : {};
    return { ...options, headers };
  }

  private baseUrl(): Promise<string> {
    return this.discoveryApi.getBaseUrl(KARGO_PLUGIN_ID);
  }
}
