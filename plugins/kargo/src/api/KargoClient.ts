import { parseEntityRef } from '@backstage/catalog-model';
import type { DiscoveryApi, FetchApi } from '@backstage/core-plugin-api';
import { ResponseError } from '@backstage/errors';
import {
  KARGO_PLUGIN_ID,
  type AnalysisRunResponse,
  type EntityStagesResponse,
  type PromoteResponse,
  type ReverifyResponse,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import type {
  KargoAnalysisRunRequest,
  KargoApi,
  KargoStageRequest,
} from './KargoApi';

const e = encodeURIComponent;

function stagePath({ project, stage }: KargoStageRequest): string {
  return `/projects/${e(project)}/stages/${e(stage)}`;
}

/**
 * The default {@link KargoApi}: calls the Kargo backend through the app's
 * discovery and (authenticated) fetch APIs.
 *
 * @public
 */
export class KargoClient implements KargoApi {
  private readonly discoveryApi: DiscoveryApi;
  private readonly fetchApi: FetchApi;

  constructor(options: { discoveryApi: DiscoveryApi; fetchApi: FetchApi }) {
    this.discoveryApi = options.discoveryApi;
    this.fetchApi = options.fetchApi;
  }

  async getEntityStages(entityRef: string): Promise<EntityStagesResponse> {
    const { kind, namespace, name } = parseEntityRef(entityRef);
    // The catalog treats kinds case-insensitively; URLs use lower case.
    const path = `/entities/${e(kind.toLocaleLowerCase('en-US'))}/${e(
      namespace,
    )}/${e(name)}/stages`;
    return this.request<EntityStagesResponse>(path);
  }

  async getStage(request: KargoStageRequest): Promise<StageDetail> {
    return this.request<StageDetail>(stagePath(request), request.instance);
  }

  async getAnalysisRun(
    request: KargoAnalysisRunRequest,
  ): Promise<AnalysisRunResponse> {
    const path = `/projects/${e(request.project)}/analysis-runs/${e(
      request.name,
    )}`;
    return this.request<AnalysisRunResponse>(path, request.instance);
  }

  async reverify(request: KargoStageRequest): Promise<ReverifyResponse> {
    return this.request<ReverifyResponse>(
      `${stagePath(request)}/reverify`,
      request.instance,
      'POST',
    );
  }

  async abortVerification(request: KargoStageRequest): Promise<void> {
    await this.request<unknown>(
      `${stagePath(request)}/abort-verification`,
      request.instance,
      'POST',
    );
  }

  async promote(
    request: KargoStageRequest & { freight: string },
  ): Promise<PromoteResponse> {
    return this.request<PromoteResponse>(
      `${stagePath(request)}/promote`,
      request.instance,
      'POST',
      { freight: request.freight },
    );
  }

  private async request<T>(
    path: string,
    instance?: string,
    method: 'GET' | 'POST' = 'GET',
    body?: object,
  ): Promise<T> {
    const baseUrl = await this.discoveryApi.getBaseUrl(KARGO_PLUGIN_ID);
    const query = instance ? `?instance=${e(instance)}` : '';
    const res = await this.fetchApi.fetch(`${baseUrl}${path}${query}`, {
      method,
      ...(body
        ? {
            body: JSON.stringify(body),
            headers: { 'Content-Type': 'application/json' },
          }
        : {}),
    });
    if (!res.ok) {
      // Keeps the backend's error name and message for ResponseErrorPanel.
      throw await ResponseError.fromResponse(res);
    }
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }
}
