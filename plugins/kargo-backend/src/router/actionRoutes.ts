import type { Request, Response } from 'express';
import type {
  AbortPromotionResponse,
  ApproveFreightResponse,
  ClosePullRequestResponse,
  PromoteResponse,
  RefreshStageResponse,
  RefreshWarehousesResponse,
  ReverifyResponse,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoCaller } from '@kargo-backstage/plugin-kargo-node';
import { kargoTokenOf } from './kargoAuthorization';
import {
  closePullRequestBody,
  emptyBody,
  parse,
  promoteBody,
  promotionParams,
  refreshWarehousesQuery,
  resolveInstance,
  stageParams,
} from './params';
import type { KargoApiRouter, RouterOptions } from './types';

/**
 * The write routes: thin adapters onto the one write pipeline
 * (`kargoCommandsServiceRef`), which authorizes, audits, writes through
 * Kargo's API and refreshes. Here only: validation, Backstage credentials
 * (a user or a service; none is a 401 whatever else comes) and the
 * person's Kargo token from `Backstage-Kargo-Authorization`.
 */
export function addActionRoutes(
  router: KargoApiRouter,
  options: RouterOptions,
) {
  const { httpAuth, kargo, commands } = options;
  const instances = () => kargo.listInstances().map(i => i.name);

  // Typed as plain express: naming the typed router's handler type is too
  // deep for TypeScript (TS2589). The routes are registered on the typed router.
  const callerOf = async (req: Request): Promise<KargoCaller> => {
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    return { credentials, kargoToken: kargoTokenOf(req), request: req };
  };
  const target = (req: Request) => ({
    ...parse(stageParams, req.params, 'path parameter'),
    instance: resolveInstance(req.query, instances()),
  });

  const verification = async (
    command: 'reverify' | 'abortVerification',
    req: Request,
    res: Response,
  ) => {
    const request = target(req);
    parse(emptyBody, req.body, 'request body');
    const caller = await callerOf(req);
    const { id, actedAs } = await commands.run(command, request, caller);
    const body: ReverifyResponse = { id, actedAs };
    res.status(202).json(body);
  };

  router.post('/projects/:project/stages/:stage/reverify', (req, res) =>
    verification('reverify', req as unknown as Request, res),
  );
  router.post(
    '/projects/:project/stages/:stage/abort-verification',
    (req, res) =>
      verification('abortVerification', req as unknown as Request, res),
  );

  // Promote and approve: a Stage and a Freight (name or alias) of its project.
  const freightCommand = async <K extends 'promote' | 'approveFreight'>(
    command: K,
    req: Request,
  ) => {
    const request = target(req);
    const { freight } = parse(promoteBody, req.body, 'request body');
    const caller = await callerOf(req);
    return commands.run(command, { ...request, freight }, caller);
  };

  router.post('/projects/:project/stages/:stage/promote', async (req, res) => {
    const result = await freightCommand('promote', req as unknown as Request);
    const body: PromoteResponse = {
      promotion: result.promotion,
      freight: result.freight,
      actedAs: result.actedAs,
    };
    res.status(201).json(body);
  });

  router.post('/projects/:project/stages/:stage/approve', async (req, res) => {
    const result = await freightCommand(
      'approveFreight',
      req as unknown as Request,
    );
    const body: ApproveFreightResponse = {
      freight: result.freight,
      actedAs: result.actedAs,
    };
    res.status(200).json(body);
  });

  // Refresh: the Stage, or the Warehouses its own requestedFreight names.
  router.post('/projects/:project/stages/:stage/refresh', async (req, res) => {
    const request = target(req as unknown as Request);
    parse(emptyBody, req.body, 'request body');
    const caller = await callerOf(req as unknown as Request);
    const { actedAs } = await commands.run('refreshStage', request, caller);
    const body: RefreshStageResponse = { actedAs };
    res.status(200).json(body);
  });

  router.post(
    '/projects/:project/stages/:stage/refresh-warehouses',
    async (req, res) => {
      const { warehouse, instance } = parse(
        refreshWarehousesQuery,
        req.query,
        'query parameter',
      );
      const request = target({
        params: req.params,
        query: { instance },
      } as unknown as Request);
      parse(emptyBody, req.body, 'request body');
      const caller = await callerOf(req as unknown as Request);
      const result = await commands.run(
        'refreshWarehouse',
        { ...request, warehouse },
        caller,
      );
      const body: RefreshWarehousesResponse = {
        warehouses: result.warehouses,
        actedAs: result.actedAs,
      };
      res.status(200).json(body);
    },
  );

  router.post(
    '/projects/:project/stages/:stage/pull-requests/close',
    async (req, res) => {
      const request = target(req as unknown as Request);
      const { repoUrl, number, deleteBranch } = parse(
        closePullRequestBody,
        req.body,
        'request body',
      );
      const caller = await callerOf(req as unknown as Request);
      const result = await commands.run(
        'closePullRequest',
        { ...request, repoUrl, number, deleteBranch: deleteBranch ?? false },
        caller,
      );
      const body: ClosePullRequestResponse = {
        pullRequest: result.pullRequest,
        deletedBranch: result.deletedBranch,
        actedAs: result.actedAs,
      };
      res.status(200).json(body);
    },
  );

  router.post(
    '/projects/:project/stages/:stage/promotions/:promotion/abort',
    async (req, res) => {
      const { project, stage, promotion } = parse(
        promotionParams,
        req.params,
        'path parameter',
      );
      const instance = resolveInstance(req.query, instances());
      parse(emptyBody, req.body, 'request body');
      const caller = await callerOf(req as unknown as Request);
      const result = await commands.run(
        'abortPromotion',
        { instance, project, stage, promotion },
        caller,
      );
      const body: AbortPromotionResponse = {
        promotion: result.promotion,
        actedAs: result.actedAs,
      };
      res.status(202).json(body);
    },
  );
}
