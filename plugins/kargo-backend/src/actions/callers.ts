import type {
  AuthService,
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  kargoStageAbortPermission,
  kargoStageResourceRef,
  kargoStageReverifyPermission,
  type CallerRefusals,
} from '@kargo-backstage/plugin-kargo-common';

/** Why a service may not write: only those `kargo.access.services[].write` names may. */
const serviceNotWriter = (subject: string) =>
  `The service '${subject}' may not write to Kargo (kargo.access.services[].write); connect the assistant with a user token, or grant the service write`;

/** Why this caller may not reverify or abort the Stage (null: may). */
export async function callerRefusals(
  auth: AuthService,
  permissions: PermissionsService,
  stage: { instance: string; project: string; name: string },
  credentials: BackstageCredentials,
  serviceWriters: ReadonlySet<string> = new Set(),
): Promise<CallerRefusals> {
  // As the write pipeline decides: a service writes (as the portal) only
  // when kargo.access.services[].write names it.
  if (auth.isPrincipal(credentials, 'service')) {
    const subject = credentials.principal.subject;
    if (!serviceWriters.has(subject)) {
      const refusal = serviceNotWriter(subject);
      return { reverify: refusal, abort: refusal };
    }
  } else if (!auth.isPrincipal(credentials, 'user')) {
    const refusal = 'Sign in to Backstage to write to Kargo';
    return { reverify: refusal, abort: refusal };
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
