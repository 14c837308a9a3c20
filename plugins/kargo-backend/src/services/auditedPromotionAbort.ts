import type {
  BackstageCredentials,
  BackstageUserPrincipal,
} from '@backstage/backend-plugin-api';
import type { Request } from 'express';
import { abortPromotion } from '@kargo-backstage/plugin-kargo-node';
import {
  performAuditedStageWrite,
  type AuditedStageWriteDeps,
} from './auditedStageWrite';

/** @internal */
export interface AuditedPromotionAbortOptions {
  target: { instance: string; project: string; stage: string };
  /** Name of the Promotion; it must promote into the Stage. */
  promotion: string;
  credentials: BackstageCredentials<BackstageUserPrincipal>;
  request?: Request;
}

/**
 * Abort a Promotion as the REST route does it (audit, `kargo.stage.promote`
 * first: whoever may start Promotions into a Stage may stop them; see
 * performAuditedStageWrite), then the shared operation, which reads the
 * Promotion live and refuses one of another Stage (404) or one that has
 * ended (409).
 */
export async function performAuditedPromotionAbort(
  deps: AuditedStageWriteDeps,
  options: AuditedPromotionAbortOptions,
): Promise<{ promotion: string }> {
  const { instance, project, stage } = options.target;
  return performAuditedStageWrite(deps, {
    ...options,
    eventId: 'promotion-abort',
    meta: { promotion: options.promotion },
    run: (cluster, actor) =>
      abortPromotion({
        cluster,
        project,
        stage,
        promotion: options.promotion,
        actor,
      }),
    describe: result =>
      `Kargo abort of Promotion ${result.promotion} requested in ${instance}/${project}/${stage}`,
  });
}
