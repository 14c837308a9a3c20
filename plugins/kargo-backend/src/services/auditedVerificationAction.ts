import type {
  AuditorService,
  BackstageCredentials,
  BackstageUserPrincipal,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import type { Request } from 'express';
import {
  kargoStageAbortPermission,
  kargoStageReverifyPermission,
} from '@kargo-backstage/plugin-kargo-common';
import { requireStagePermission } from '@kargo-backstage/plugin-kargo-node';
import type {
  VerificationAction,
  VerificationActionsService,
} from './VerificationActionsService';

const ACTIONS = {
  reverify: {
    permission: kargoStageReverifyPermission,
    eventId: 'stage-reverify',
  },
  abort: { permission: kargoStageAbortPermission, eventId: 'stage-abort' },
} as const;

export interface AuditedVerificationActionOptions {
  action: VerificationAction;
  target: { instance: string; project: string; stage: string };
  /** Only people act on Stages: Kargo records them as the actor. */
  credentials: BackstageCredentials<BackstageUserPrincipal>;
  /** The HTTP request, when there is one (the REST route; not an MCP tool call). */
  request?: Request;
}

/**
 * Reverify or abort as every entry point does it (REST route, MCP action):
 * an audit event, the permission on the Stage for the calling user, then the
 * shared operation. Throws NotAllowedError (403) or the operation's error.
 */
export async function performAuditedVerificationAction(
  deps: {
    auditor: AuditorService;
    permissions: PermissionsService;
    actions: VerificationActionsService;
  },
  options: AuditedVerificationActionOptions,
): Promise<{ id: string }> {
  const { instance, project, stage } = options.target;
  const actor = options.credentials.principal.userEntityRef;
  const { permission, eventId } = ACTIONS[options.action];
  const event = await deps.auditor.createEvent({
    eventId,
    severityLevel: 'medium',
    ...(options.request ? { request: options.request } : {}),
    meta: { instance, project, stage, actor },
  });
  try {
    await requireStagePermission(
      deps.permissions,
      permission,
      { instance, project, name: stage },
      options.credentials,
    );
    const result = await deps.actions[options.action]({
      instance,
      project,
      stage,
      actor,
    });
    await event.success({ meta: { verificationId: result.id } });
    return result;
  } catch (error) {
    await event.fail({ error: error as Error });
    throw error;
  }
}
