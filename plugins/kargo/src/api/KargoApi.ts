import { createApiRef } from '@backstage/core-plugin-api';
import type {
  AbortPromotionResponse,
  AnalysisRunResponse,
  EntityStagesResponse,
  PromoteResponse,
  ApproveFreightResponse,
  ClosePullRequestRequest,
  ClosePullRequestResponse,
  RefreshStageResponse,
  RefreshWarehousesResponse,
  ReverifyResponse,
  StageDetail,
  StageLinksResponse,
} from '@kargo-backstage/plugin-kargo-common';

/**
 * Identifies one Stage; `instance` defaults to the backend's first instance.
 *
 * @public
 */
export interface KargoStageRequest {
  project: string;
  stage: string;
  instance?: string;
}

/** @public */
export interface KargoAnalysisRunRequest {
  project: string;
  name: string;
  instance?: string;
}

/** @public */
export interface KargoAnalysisRunLogsRequest extends KargoAnalysisRunRequest {
  /** The job metric. */
  metric: string;
  /** The container of the metric's Job (needed when it has several). */
  container?: string;
}

/**
 * A piece of a log stream: text (pieces concatenated are the log), or the
 * news that Kargo's stream broke before Kargo ended it.
 *
 * @public
 */
export type KargoLogEvent = { type: 'text'; text: string } | { type: 'broken' };

/**
 * What the Kargo frontend needs from the Kargo backend (`/api/kargo`).
 *
 * @public
 */
export interface KargoApi {
  /** The Stages an entity names through its Kargo annotations. */
  getEntityStages(entityRef: string): Promise<EntityStagesResponse>;
  getStage(request: KargoStageRequest): Promise<StageDetail>;
  getAnalysisRun(
    request: KargoAnalysisRunRequest,
  ): Promise<AnalysisRunResponse>;
  /** Asks Kargo to verify the Stage's current Freight again. */
  reverify(request: KargoStageRequest): Promise<ReverifyResponse>;
  /** Aborts the Stage's running verification. */
  abortVerification(request: KargoStageRequest): Promise<void>;
  /**
   * Promotes Freight (name or alias) into the Stage; the backend checks it
   * is available to the Stage. Optional so existing implementations compile.
   */
  promote?(
    request: KargoStageRequest & { freight: string },
  ): Promise<PromoteResponse>;
  /**
   * Asks Kargo to terminate a Pending or Running Promotion into the Stage.
   * Optional so existing implementations compile.
   */
  abortPromotion?(
    request: KargoStageRequest & { promotion: string },
  ): Promise<AbortPromotionResponse>;
  /**
   * Approves Freight (name or alias) for the Stage (Kargo's manual
   * approval). Optional so existing implementations compile.
   */
  approveFreight?(
    request: KargoStageRequest & { freight: string },
  ): Promise<ApproveFreightResponse>;
  /**
   * Closes an orphaned PR/MR of the Stage (and deletes its Promotion branch
   * when `deleteBranch`), as the portal's Git identity. Optional so
   * existing implementations compile.
   */
  closePullRequest?(
    request: KargoStageRequest & ClosePullRequestRequest,
  ): Promise<ClosePullRequestResponse>;

  /**
   * Asks Kargo to reconcile the Stage now. Optional so existing
   * implementations compile.
   */
  refreshStage?(request: KargoStageRequest): Promise<RefreshStageResponse>;
  /**
   * Asks Kargo to make the Warehouses the Stage requests Freight from look
   * for new Freight now. Optional so existing implementations compile.
   */
  refreshWarehouses?(
    request: KargoStageRequest,
  ): Promise<RefreshWarehousesResponse>;

  /**
   * Streams a job metric's logs from Kargo as the person; ends when Kargo
   * ends the stream, stops when `signal` aborts. Optional so existing
   * implementations compile.
   */
  streamAnalysisRunLogs?(
    request: KargoAnalysisRunLogsRequest,
    signal: AbortSignal,
  ): AsyncIterable<KargoLogEvent>;

  /**
   * The Stage's links as Kargo resolves them (ClusterConfig and
   * ProjectConfig), asked as the person. Optional so existing
   * implementations compile.
   */
  getStageLinks?(request: KargoStageRequest): Promise<StageLinksResponse>;
}

/** @public */
export const kargoApiRef = createApiRef<KargoApi>({
  id: 'plugin.kargo.service',
});
