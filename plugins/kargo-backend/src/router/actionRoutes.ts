import type { Request, Response } from 'express';
import type { ReverifyResponse } from '@kargo-backstage/plugin-kargo-common';
import { performAuditedPromotion } from '../services/auditedPromotion';
import { performAuditedPromotionAbort } from '../services/auditedPromotionAbort';
import { performAuditedVerificationAction } from '../services/auditedVerificationAction';
import type { VerificationAction } from '../services/VerificationActionsService';
import {
  emptyBody,
  parse,
  promoteBody,
  promotionParams,
  resolveInstance,
  stageParams,
} from './params';
import type { KargoApiRouter, RouterOptions } from './types';

export function addActionRoutes(
  router: KargoApiRouter,
  options: RouterOptions,
) {
  const { httpAuth, kargo } = options;

  // Shared by both writes, so typed as plain express: naming the typed
  // router's handler type is too deep for TypeScript (TS2589). The routes
  // themselves are registered on the typed router.
  const handle = async (
    action: VerificationAction,
    req: Request,
    res: Response,
  ) => {
    const { project, stage } = parse(stageParams, req.params, 'path parameter');
    const instance = resolveInstance(
      req.query,
      kargo.listInstances().map(i => i.name),
    );
    parse(emptyBody, req.body, 'request body');
    // Only people act on Stages: Kargo records them as the actor.
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const result = await performAuditedVerificationAction(options, {
      action,
      target: { instance, project, stage },
      credentials,
      request: req,
    });
    const body: ReverifyResponse = { id: result.id };
    res.status(202).json(body);
  };

  router.post('/projects/:project/stages/:stage/reverify', (req, res) =>
    handle('reverify', req, res),
  );
  router.post(
    '/projects/:project/stages/:stage/abort-verification',
    (req, res) => handle('abort', req, res),
  );

  router.post('/projects/:project/stages/:stage/promote', async (req, res) => {
    const { project, stage } = parse(stageParams, req.params, 'path parameter');
    const instance = resolveInstance(
      req.query,
      kargo.listInstances().map(i => i.name),
    );
    const { freight } = parse(promoteBody, req.body, 'request body');
    const credentials = await httpAuth.credentials(req, { allow: ['user'] });
    const result = await performAuditedPromotion(options, {
      target: { instance, project, stage },
      freight,
      credentials,
      request: req as unknown as Request,
    });
    res.status(201).json(result);
  });

  router.post(
    '/projects/:project/stages/:stage/promotions/:promotion/abort',
    async (req, res) => {
      const { project, stage, promotion } = parse(
        promotionParams,
        req.params,
        'path parameter',
      );
      const instance = resolveInstance(
        req.query,
        kargo.listInstances().map(i => i.name),
      );
      parse(emptyBody, req.body, 'request body');
      const credentials = await httpAuth.credentials(req, { allow: ['user'] });
      const result = await performAuditedPromotionAbort(options, {
        target: { instance, project, stage },
        promotion,
        credentials,
        request: req as unknown as Request,
      });
      res.status(202).json(result);
    },
  );
}
