import type {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import {
  AuthorizeResult,
  ResourcePermission,
} from '@backstage/plugin-permission-common';
import {
  KARGO_STAGE_RESOURCE_TYPE,
  kargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';

/**
 * A permission on Kargo Stages (`kargo.stage.*`).
 *
 * @public
 */
export type StagePermission = ResourcePermission<
  typeof KARGO_STAGE_RESOURCE_TYPE
>;

/**
 * A Stage as permissions name it.
 *
 * @public
 */
export interface StageRef {
  instance: string;
  project: string;
  name: string;
}

/**
 * Throws NotAllowedError (403) unless the permission is granted on the
 * Stage. The one check before every Stage write: the REST routes, the
 * actions and the scaffolder actions.
 *
 * @public
 */
export async function requireStagePermission(
  permissions: PermissionsService,
  permission: StagePermission,
  stage: StageRef,
  credentials: BackstageCredentials,
): Promise<void> {
  const [decision] = await permissions.authorize(
    [{ permission, resourceRef: kargoStageResourceRef(stage) }],
    { credentials },
  );
  if (decision.result !== AuthorizeResult.ALLOW) {
    throw new NotAllowedError(
      `Not allowed: ${permission.name} on Stage '${stage.name}' of project '${stage.project}'`,
    );
  }
}

/**
 * Keeps the Stages the caller may see. One batched authorize call; the
 * permission framework resolves conditional decisions per resource ref
 * through the Kargo backend's registered rules.
 *
 * @public
 */
export async function filterAuthorizedStages<T extends StageRef>(
  permissions: PermissionsService,
  permission: StagePermission,
  stages: T[],
  credentials: BackstageCredentials,
): Promise<T[]> {
  if (stages.length === 0) return [];
  const decisions = await permissions.authorize(
    stages.map(stage => ({
      permission,
      resourceRef: kargoStageResourceRef(stage),
    })),
    { credentials },
  );
  return stages.filter(
    (_, i) => decisions[i]?.result === AuthorizeResult.ALLOW,
  );
}
