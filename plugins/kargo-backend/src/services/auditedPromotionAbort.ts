import type {
  AuditorService,
  BackstageCredentials,
  BackstageUserPrincipal,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type { Request } from 'express';
import { kargoStagePromotePermission } from '@kargo-backstage/plugin-kargo-common';
import {
  abortPromotion,
  type KargoService,
} from '@kargo-backstage/plugin-kargo-node';
import { requireStagePermission } from '../permissions/authorize';
import type { SnapshotService } from './snapshot/SnapshotService';

/** @internal */
export interface AuditedPromotionAbortOptions {
  target: { instance: string; project: string; stage: string };
  /** Name of the Promotion; it must promote into the Stage. */
  promotion: string;
  credentials: BackstageCredentials<BackstageUserPrincipal>;
  request?: Request;
}

/**
 * Abort a Promotion as the REST route does it: an audit event, then
 * `kargo.stage.promote` on the Stage for the calling user (whoever may start
 * Promotions into a Stage may stop them; 403 before anything is read), then
 * the shared operation, which reads the Promotion live and refuses one of
 * another Stage (404) or one that has ended (409). The project is re-read
 * afterwards so the page follows the Promotion to Aborted.
 */
export async function performAuditedPromotionAbort(
  deps: {
    auditor: AuditorService;
    permissions: PermissionsService;
    kargo: KargoService;
    snapshots: SnapshotService;
    logger: LoggerService;
  },
  options: AuditedPromotionAbortOptions,
): Promise<{ promotion: string }> {
  const { instance, project, stage } = options.target;
  const actor = options.credentials.principal.userEntityRef;
  const event = await deps.auditor.createEvent({
    eventId: 'promotion-abort',
    severityLevel: 'high',
    ...(options.request ? { request: options.request } : {}),
    meta: { instance, project, stage, promotion: options.promotion, actor },
  });
  try {
    await requireStagePermission(
      deps.permissions,
      kargoStagePromotePermission,
      { instance, project, name: stage },
      options.credentials,
    );
    const result = await abortPromotion({
      cluster: deps.kargo.cluster(instance),
      project,
      stage,
      promotion: options.promotion,
      actor,
    });
    deps.logger.info(
      `Kargo abort of Promotion ${result.promotion} requested in ${instance}/${project}/${stage}`,
      { actor },
    );
    deps.snapshots.refreshProject(instance, project).catch(error =>
      deps.logger.warn(
        `Refresh of ${instance}/${project} after an abort failed: ${error}`,
      ),
    );
    await event.success();
    return result;
  } catch (error) {
    await event.fail({ error: error as Error });
    throw error;
  }
}
