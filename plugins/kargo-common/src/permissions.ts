import { createPermission } from '@backstage/plugin-permission-common';

/**
 * The resource type of Kargo Stages in the permission framework. A resource
 * ref is `<instance>/<project>/<stage>` (see {@link kargoStageResourceRef}),
 * and the backend registers rules to decide by instance and project.
 *
 * @public
 */
export const KARGO_STAGE_RESOURCE_TYPE = 'kargo-stage';

/** Read Stages, their verification history and pull requests. @public */
export const kargoStageReadPermission = createPermission({
  name: 'kargo.stage.read',
  attributes: { action: 'read' },
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

/** Ask Kargo to verify a Stage's current Freight again. @public */
export const kargoStageReverifyPermission = createPermission({
  name: 'kargo.stage.reverify',
  attributes: { action: 'update' },
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

/** Abort a Stage's running verification. @public */
export const kargoStageAbortPermission = createPermission({
  name: 'kargo.stage.abort',
  attributes: { action: 'update' },
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

/** Promote Freight into a Stage (creates a Promotion). @public */
export const kargoStagePromotePermission = createPermission({
  name: 'kargo.stage.promote',
  attributes: { action: 'create' },
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

/**
 * Approve Freight for a Stage (Kargo's manual approval: the Freight becomes
 * available to the Stage without passing its upstream Stages). A resource
 * permission on the Stage approved for.
 *
 * @public
 */
export const kargoFreightApprovePermission = createPermission({
  name: 'kargo.freight.approve',
  attributes: { action: 'update' },
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

/**
 * Refresh a Stage, or the Warehouses it requests Freight from (Kargo looks
 * for new Freight now). A resource permission on the Stage. Kargo v1.11.2's
 * API server refreshes with its own client for any signed-in user
 * (pkg/server/refresh_stage_v1alpha1.go, refresh_warehouse_v1alpha1.go), so
 * this is the only gate that names the Stage.
 *
 * @public
 */
export const kargoStageRefreshPermission = createPermission({
  name: 'kargo.stage.refresh',
  attributes: { action: 'update' },
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

/**
 * Open or reclaim the pull request a Stage's `git-open-pr` step opens, through
 * Backstage's Git integrations. A resource permission on that Stage.
 *
 * @public
 */
export const kargoPullRequestOpenPermission = createPermission({
  name: 'kargo.pullrequest.open',
  attributes: { action: 'create' },
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

/**
 * Close an orphaned pull request of a Stage (and delete its promotion
 * branch) through Backstage's Git integrations, as the portal's Git
 * identity. A resource permission on that Stage.
 *
 * @public
 */
export const kargoPullRequestClosePermission = createPermission({
  name: 'kargo.pullrequest.close',
  attributes: { action: 'update' },
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

/**
 * See the AnalysisRun objects of a Stage as stored (`raw`: spec arguments
 * and provider settings, which may hold secrets). `kargo.stage.read` alone
 * gives the phases, messages and measurements.
 *
 * @public
 */
export const kargoAnalysisRunReadRawPermission = createPermission({
  name: 'kargo.analysisrun.raw.read',
  attributes: { action: 'read' },
  resourceType: KARGO_STAGE_RESOURCE_TYPE,
});

/** Every permission of the Kargo plugin family. @public */
export const kargoPermissions = [
  kargoStageReadPermission,
  kargoStageReverifyPermission,
  kargoStageAbortPermission,
  kargoStagePromotePermission,
  kargoFreightApprovePermission,
  kargoStageRefreshPermission,
  kargoPullRequestOpenPermission,
  kargoPullRequestClosePermission,
  kargoAnalysisRunReadRawPermission,
];

/**
 * The resource ref of a Stage for permission checks.
 *
 * @public
 */
export function kargoStageResourceRef(stage: {
  instance: string;
  project: string;
  name: string;
}): string {
  return `${stage.instance}/${stage.project}/${stage.name}`;
}

/**
 * Parses a resource ref made by {@link kargoStageResourceRef}.
 *
 * @public
 */
export function parseKargoStageResourceRef(
  ref: string,
): { instance: string; project: string; name: string } | undefined {
  const parts = ref.split('/');
  if (parts.length !== 3 || parts.some(p => !p)) return undefined;
  const [instance, project, name] = parts;
  return { instance, project, name };
}
