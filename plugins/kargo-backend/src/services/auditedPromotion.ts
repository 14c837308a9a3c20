import type {
  AuditorService,
  BackstageCredentials,
  BackstageUserPrincipal,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type { Request } from 'express';
import {
  kargoStagePromotePermission,
  type PromoteResponse,
} from '@kargo-backstage/plugin-kargo-common';
import {
  getProjectFreight,
  promoteFreight,
  type KargoService,
} from '@kargo-backstage/plugin-kargo-node';
import { requireStagePermission } from '../permissions/authorize';
import type { SnapshotService } from './snapshot/SnapshotService';

/** @internal */
export interface AuditedPromotionOptions {
  target: { instance: string; project: string; stage: string };
  /** Freight name or alias; resolved against the project's Freight. */
  freight: string;
  credentials: BackstageCredentials<BackstageUserPrincipal>;
  request?: Request;
}

/**
 * Promote as the REST route does it: an audit event, `kargo.stage.promote`
 * on the Stage for the calling user (403 before anything is read), then the
 * Stage and Freight read live from the cluster and the same operation the
 * scaffolder's `kargo:promote` runs. The project is re-read afterwards so
 * the page follows the new Promotion.
 */
export async function performAuditedPromotion(
  deps: {
    auditor: AuditorService;
    permissions: PermissionsService;
    kargo: KargoService;
    snapshots: SnapshotService;
    logger: LoggerService;
  },
  options: AuditedPromotionOptions,
): Promise<PromoteResponse> {
  const { instance, project, stage } = options.target;
  const actor = options.credentials.principal.userEntityRef;
  const event = await deps.auditor.createEvent({
    eventId: 'stage-promote',
    severityLevel: 'high',
    ...(options.request ? { request: options.request } : {}),
    meta: { instance, project, stage, freight: options.freight, actor },
  });
  try {
    await requireStagePermission(
      deps.permissions,
      kargoStagePromotePermission,
      { instance, project, name: stage },
      options.credentials,
    );
    const cluster = deps.kargo.cluster(instance);
    const stageObject = await cluster.getStage(project, stage);
    const freight = await getProjectFreight(cluster, project, options.freight);
    const result = await promoteFreight({
      cluster,
      project,
      stage: stageObject,
      freight,
      actor,
    });
    deps.logger.info(
      `Kargo promotion ${result.promotion} of Freight ${result.freight} into ${instance}/${project}/${stage}`,
      { actor },
    );
    deps.snapshots.refreshProject(instance, project).catch(error =>
      deps.logger.warn(
        `Refresh of ${instance}/${project} after a promotion failed: ${error}`,
      ),
    );
    await event.success({ meta: { ...result } });
    return result;
  } catch (error) {
    await event.fail({ error: error as Error });
    throw error;
  }
}
