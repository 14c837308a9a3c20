import express from 'express';
import Router from 'express-promise-router';
import { createOpenApiRouter } from '../schema/openapi/generated/router';
import { withKargoReadToken } from '../permissions/kargoReads';
import { addActionRoutes } from './actionRoutes';
import { kargoTokenOf } from './kargoAuthorization';
import { addEntityRoutes } from './entityRoutes';
import { addLogRoutes } from './logRoutes';
import { addLinkRoutes } from './linkRoutes';
import { addOpenApiRoute } from './openapiRoute';
import { addSnapshotRoutes } from './snapshotRoutes';
import { addStageRoutes } from './stageRoutes';
import { validationErrorWording } from './validationErrors';
import type { RouterOptions } from './types';

export type { RouterOptions } from './types';

/**
 * The HTTP API (see src/schema/openapi.yaml): validation, credentials,
 * permissions and audit here; the work is in the services. Handlers are
 * typed by the document (src/schema/openapi/generated/router.ts).
 */
export async function createRouter(
  options: RouterOptions,
): Promise<express.Router> {
  // The document as written (paths relative to /api/kargo) answers before the
  // library's copy, which would prefix every path with the mount point.
  const document = Router();
  addOpenApiRoute(document);
  const router = await createOpenApiRouter({
    middleware: [document],
    // Requests are checked against the document before any route runs
    // (bodies, parsed later, and entity refs by the routes' zod schemas);
    // credentials are httpAuth's job.
    // The promote and approve bodies are parsed after the validator, which
    // would otherwise see none; their routes check them with zod (400
    // naming what is wrong).
    validatorOptions: {
      validateSecurity: false,
      ignorePaths: /\/(promote|approve|pull-requests\/close)$/,
    },
  });
  // Writes take no body; a small limit turns huge bodies into a 413. Added
  // after the validator's error transformer, so 413 stays 413.
  router.use(express.json({ limit: '16kb' }));
  // The person's Kargo token rides along with the request's reads, for
  // instances whose reads Kargo authorizes (api.authorizeReads).
  router.use((req, _res, next) => withKargoReadToken(kargoTokenOf(req), next));
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  addStageRoutes(router, options);
  addLogRoutes(router, options);
  addLinkRoutes(router, options);
  addActionRoutes(router, options);
  addEntityRoutes(router, options);
  addSnapshotRoutes(router, options);
  router.use(validationErrorWording);
  return router;
}
