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
  type ClosePullRequestRequest,
  type ClosePullRequestResponse,
  type RefreshStageResponse,
  type RefreshWarehousesResponse,
  type ReverifyResponse,
  type StageDetail,
  type StageLinksResponse,
} from '@kargo-backstage/plugin-kargo-common';
import createClient, { type Client } from 'openapi-fetch';
import type {
  KargoAnalysisRunLogsRequest,
  KargoAnalysisRunRequest,
  KargoApi,
  KargoLogEvent,
  KargoStageRequest,
} from './KargoApi';
import { SseParser } from './sse';
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
  private readonly fetchApi: FetchApi;

  constructor(options: {
    discoveryApi: DiscoveryApi;
    fetchApi: FetchApi;
    /** The person's ID token for writes; without it writes carry none. */
    kargoAuthApi?: KargoAuthApi;
  }) {
    this.discoveryApi = options.discoveryApi;
    this.kargoAuthApi = options.kargoAuthApi;
    this.fetchApi = options.fetchApi;
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
        headers: await this.readHeaders(),
      },
    );
    return data!;
  }

  async getStage(request: KargoStageRequest): Promise<StageDetail> {
    const { data } = await this.client.GET(
      '/projects/{project}/stages/{stage}',
      {
        ...(await this.stageOptions(request)),
        headers: await this.readHeaders(request.instance),
      },
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
        headers: await this.readHeaders(instance),
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

  async closePullRequest(
    request: KargoStageRequest & ClosePullRequestRequest,
  ): Promise<ClosePullRequestResponse> {
    const { repoUrl, number, deleteBranch } = request;
    const { data } = await this.client.POST(
      '/projects/{project}/stages/{stage}/pull-requests/close',
      {
        ...(await this.stageOptions(request)),
        body: { repoUrl, number, deleteBranch },
      },
    );
    return data!;
  }

  async refreshStage(
    request: KargoStageRequest,
  ): Promise<RefreshStageResponse> {
    const { data } = await this.client.POST(
      '/projects/{project}/stages/{stage}/refresh',
      await this.writeOptions(request),
    );
    return data!;
  }

  async refreshWarehouses(
    request: KargoStageRequest,
  ): Promise<RefreshWarehousesResponse> {
    const { data } = await this.client.POST(
      '/projects/{project}/stages/{stage}/refresh-warehouses',
      await this.writeOptions(request),
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

  /**
   * The logs as the backend relays them (Server-Sent Events over Backstage's
   * fetch, which carries the Backstage token an EventSource could not), with
   * the person's Kargo ID token: Kargo reads the logs as the person.
   */
  async *streamAnalysisRunLogs(
    request: KargoAnalysisRunLogsRequest,
    signal: AbortSignal,
  ): AsyncIterable<KargoLogEvent> {
    const { project, name, instance, metric, container } = request;
    const query = new URLSearchParams({ metric });
    if (container) query.set('container', container);
    if (instance) query.set('instance', instance);
    const [base, token] = await Promise.all([
      this.baseUrl(),
      this.kargoAuthApi?.getIdToken(instance),
    ]);
    const url = `${base}/projects/${encodeURIComponent(
      project,
    )}/analysis-runs/${encodeURIComponent(name)}/logs?${query}`;
    const response = await this.fetchApi.fetch(url, {
      headers: {
        accept: 'text/event-stream',
        ...(token ? { [KARGO_AUTHORIZATION_HEADER]: `Bearer ${token}` } : {}),
      },
      signal,
    });
    if (!response.ok) throw await ResponseError.fromResponse(response);
    if (!response.body) return;
    const reader = response.body
      .pipeThrough(new TextDecoderStream())
      .getReader();
    const parser = new SseParser();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        yield* parser.push(value);
      }
    } finally {
      reader.cancel().catch(() => {});
    }
  }

  private async stageOptions({ project, stage, instance }: KargoStageRequest) {
    return {
      baseUrl: await this.baseUrl(),
      params: { path: { project, stage }, query: { instance } },
    };
  }

  /** A read's headers: the person's token where Kargo authorizes reads. */
  private async readHeaders(instance?: string) {
    const token = await this.kargoAuthApi?.getReadToken?.(instance);
    return bearer(token);
  }

  /** A write's options: the Stage's, and the person's token when there is one. */
  private async writeOptions(request: KargoStageRequest) {
    const [options, token] = await Promise.all([
      this.stageOptions(request),
      this.kargoAuthApi?.getIdToken(request.instance),
    ]);
    return { ...options, headers: bearer(token) };
  }

  private baseUrl(): Promise<string> {
    return this.discoveryApi.getBaseUrl(KARGO_PLUGIN_ID);
  }
}

function bearer(token: string | undefined): Record<string, string> {
  return token ? { [KARGO_AUTHORIZATION_HEADER]: `Bearer ${token}` } : {};
}
