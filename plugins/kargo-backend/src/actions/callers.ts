import type {
  AuthService,
  BackstageCredentials,
  BackstageUserPrincipal,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  kargoStageAbortPermission,
  kargoStageResourceRef,
  kargoStageReverifyPermission,
  type CallerRefusals,
} from '@kargo-backstage/plugin-kargo-common';

const NEEDS_USER =
  'Only a signed-in Backstage user can reverify or abort (Kargo records the user as the actor); connect the assistant with a user token';

/** The caller as a user, or a NotAllowedError saying why a user is needed. */
export function requireUser(
  auth: AuthService,
  credentials: BackstageCredentials,
): BackstageCredentials<BackstageUserPrincipal> {
  if (!auth.isPrincipal(credentials, 'user'))
    throw new NotAllowedError(NEEDS_USER);
  return credentials;
}

/** Why this caller may not reverify or abort the Stage (null: may). */
export async function callerRefusals(
  auth: AuthService,
  permissions: PermissionsService,
  stage: { instance: string; project: string; name: string },
  credentials: BackstageCredentials,
): Promise<CallerRefusals> {
  if (!auth.isPrincipal(credentials, 'user')) {
    return { reverify: NEEDS_USER, abort: NEEDS_USER };
  }
  const resourceRef = kargoStageResourceRef(stage);
  const [reverify, abort] = await permissions.authorize(
    [
      { permission: kargoStageReverifyPermission, resourceRef },
      { permission: kargoStageAbortPermission, resourceRef },
    ],
    { credentials },
  );
  const refusal = (result: AuthorizeResult, name: string) =>
    result === AuthorizeResult.ALLOW
      ? null
      : `Permission ${name} is denied to you`;
  return {
    reverify: refusal(reverify.result, kargoStageReverifyPermission.name),
    abort: refusal(abort.result, kargoStageAbortPermission.name),
  };
}
