import type { Request, Response } from 'express';
import {
  kargoStageAbortPermission,
  kargoStageReverifyPermission,
  type ReverifyResponse,
} from '@kargo-backstage/plugin-kargo-common';
import { requireStagePermission } from '../permissions/authorize';
import type { VerificationAction } from '../services/VerificationActionsService';
import { emptyBody, parse, resolveInstance, stageParams } from './params';
import type { KargoApiRouter, RouterOptions } from './types';

const ACTIONS = {
  reverify: { permission: kargoStageReverifyPermission, eventId: 'stage-reverify' },
  abort: { permission: kargoStageAbortPermission, eventId: 'stage-abort' },
} as const;

export function addActionRoutes(router: KargoApiRouter, options: RouterOptions) {
  const { httpAuth, permissions, auditor, kargo, actions } = options;

  // Shared by both writes, so typed as plain express: naming the typed
  // router's handler type is too deep for TypeScript (TS2589). The routes
  // themselves are registered on the typed router.
  const handle = async (action: VerificationAction, req: Request, res: Response) => {
    const { project, stage } = parse(stageParams, req.params, 'path parameter');
    const instance = resolveInstance(
      req.query,
      kargo.listInstances().map(i => i.name),
    );
    parse(emptyBody, req.body, 'request body');
    // Only people act on Stages: Kargo records them as the actor.
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const actor = credentials.principal.userEntityRef;
    const { permission, eventId } = ACTIONS[action];
    const event = await auditor.createEvent({
      eventId,
      severityLevel: 'medium',
      request: req,
      meta: { instance, project, stage, actor },
    });
    try {
      await requireStagePermission(
        permissions,
        permission,
        { instance, project, name: stage },
        credentials,
      );
      const result = await actions[action]({ instance, project, stage, actor });
      await event.success({ meta: { verificationId: result.id } });
      const body: ReverifyResponse = { id: result.id };
      res.status(202).json(body);
    } catch (error) {
      await event.fail({ error: error as Error });
      throw error;
    }
  };

  router.post('/projects/:project/stages/:stage/reverify', (req, res) =>
    handle('reverify', req, res),
  );
  router.post('/projects/:project/stages/:stage/abort-verification', (req, res) =>
    handle('abort', req, res),
  );
}
