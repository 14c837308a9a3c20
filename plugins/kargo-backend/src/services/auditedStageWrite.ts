import type {
  AuditorService,
  BackstageCredentials,
  BackstageUserPrincipal,
  LoggerService,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type { JsonObject } from '@backstage/types';
import type { Request } from 'express';
import { kargoStagePromotePermission } from '@kargo-backstage/plugin-kargo-common';
import {
  requireStagePermission,
  type KargoService,
} from '@kargo-backstage/plugin-kargo-node';
import type { SnapshotService } from './snapshot/SnapshotService';

/** @internal */
export interface AuditedStageWriteDeps {
  auditor: AuditorService;
  permissions: PermissionsService;
  kargo: KargoService;
  snapshots: SnapshotService;
  logger: LoggerService;
}

/** @internal */
export interface AuditedStageWrite<T> {
  eventId: string;
  target: { instance: string; project: string; stage: string };
  credentials: BackstageCredentials<BackstageUserPrincipal>;
  request?: Request;
  /** What the caller asked for, beside target and actor in the audit event. */
  meta: Record<string, string>;
  /** The write itself, on the instance's cluster, once permitted. */
  run(cluster: ReturnType<KargoService['cluster']>, actor: string): Promise<T>;
  /** The log line of a done write. */
  describe(result: T): string;
  successMeta?(result: T): JsonObject;
}

/**
 * A write that promotes into a Stage or stops one of its Promotions, as the
 * REST routes do it: an audit event, `kargo.stage.promote` on the Stage for
 * the calling user (403 before anything is read), the write, then a re-read
 * of the project so the page follows what it started.
 */
export async function performAuditedStageWrite<T>(
  deps: AuditedStageWriteDeps,
  write: AuditedStageWrite<T>,
): Promise<T> {
  const { instance, project, stage } = write.target;
  const actor = write.credentials.principal.userEntityRef;
  const event = await deps.auditor.createEvent({
    eventId: write.eventId,
    severityLevel: 'high',
    ...(write.request ? { request: write.request } : {}),
    meta: { instance, project, stage, ...write.meta, actor },
  });
  try {
    await requireStagePermission(
      deps.permissions,
      kargoStagePromotePermission,
      { instance, project, name: stage },
      write.credentials,
    );
    const result = await write.run(deps.kargo.cluster(instance), actor);
    deps.logger.info(write.describe(result), { actor });
    deps.snapshots
      .refreshProject(instance, project)
      .catch(error =>
        deps.logger.warn(
          `Refresh of ${instance}/${project} after ${write.eventId} failed: ${error}`,
        ),
      );
    await event.success(
      write.successMeta ? { meta: write.successMeta(result) } : undefined,
    );
    return result;
  } catch (error) {
    await event.fail({ error: error as Error });
    throw error;
  }
}
