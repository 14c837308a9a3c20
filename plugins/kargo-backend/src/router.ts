import express from 'express';
import Router from 'express-promise-router';
import { addActionRoutes } from './router/actionRoutes';
import { addEntityRoutes } from './router/entityRoutes';
import { addOpenApiRoute } from './router/openapiRoute';
import { addSnapshotRoutes } from './router/snapshotRoutes';
import { addStageRoutes } from './router/stageRoutes';
import type { RouterOptions } from './router/types';

export type { RouterOptions } from './router/types';

/**
 * The HTTP API (see src/schema/openapi.yaml): validation, credentials,
 * permissions and audit here; the work is in the services.
 */
export async function createRouter(options: RouterOptions): Promise<express.Router> {
  const router = Router();
  // Writes take no body; a small limit turns huge bodies into a 413.
  router.use(express.json({ limit: '16kb' }));
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  addOpenApiRoute(router);
  addStageRoutes(router, options);
  addActionRoutes(router, options);
  addEntityRoutes(router, options);
  addSnapshotRoutes(router, options);
  return router;
}
