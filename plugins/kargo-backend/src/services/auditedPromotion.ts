import type {
  BackstageCredentials,
  BackstageUserPrincipal,
} from '@backstage/backend-plugin-api';
import type { Request } from 'express';
import type { PromoteResponse } from '@kargo-backstage/plugin-kargo-common';
import {
  getProjectFreight,
  promoteFreight,
} from '@kargo-backstage/plugin-kargo-node';
import {
  performAuditedStageWrite,
  type AuditedStageWriteDeps,
} from './auditedStageWrite';

/** @internal */
export interface AuditedPromotionOptions {
  target: { instance: string; project: string; stage: string };
  /** Freight name or alias; resolved against the project's Freight. */
  freight: string;
  credentials: BackstageCredentials<BackstageUserPrincipal>;
  request?: Request;
}

/**
 * Promote as the REST route does it (audit, `kargo.stage.promote` first, see
 * performAuditedStageWrite): the Stage and Freight read live from the
 * cluster and the same operation the scaffolder's `kargo:promote` runs.
 */
export async function performAuditedPromotion(
  deps: AuditedStageWriteDeps,
  options: AuditedPromotionOptions,
): Promise<PromoteResponse> {
  const { instance, project, stage } = options.target;
  return performAuditedStageWrite(deps, {
    ...options,
    eventId: 'stage-promote',
    meta: { freight: options.freight },
    run: async (cluster, actor) =>
      promoteFreight({
        cluster,
        project,
        stage: await cluster.getStage(project, stage),
        freight: await getProjectFreight(cluster, project, options.freight),
        actor,
      }),
    describe: result =>
      `Kargo promotion ${result.promotion} of Freight ${result.freight} into ${instance}/${project}/${stage}`,
    successMeta: result => ({ ...result }),
  });
}
