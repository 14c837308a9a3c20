import { createApiRef } from '@backstage/core-plugin-api';
import type {
  AbortPromotionResponse,
  AnalysisRunResponse,
  EntityStagesResponse,
  PromoteResponse,
  ApproveFreightResponse,
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
