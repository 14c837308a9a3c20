import type { StageLinksResponse } from '@kargo-backstage/plugin-kargo-common';
import { StageLinksService } from '../services/links/StageLinksService';
import { kargoTokenOf } from './kargoAuthorization';
import {
  findReadableStage,
  stageNotFound,
} from '../services/snapshot/queries/lookup';
import { parse, resolveInstance, stageParams } from './params';
import type { KargoApiRouter, RouterOptions } from './types';

/**
 * `GET /projects/{project}/stages/{stage}/links`: `kargo.stage.read` first
 * (denied and unknown, per the watch snapshot, answer the same 404 before
 * any call to Kargo), then
 * Kargo's API as the person or the portal (StageLinksService).
 */
export function addLinkRoutes(router: KargoApiRouter, options: RouterOptions) {
  const { httpAuth, permissions, snapshots } = options;
  const links = new StageLinksService(() => options.kargo);
  const instances = () => options.kargo.listInstances().map(i => i.name);

  router.get('/projects/:project/stages/:stage/links', async (req, res) => {
    const { project, stage } = parse(stageParams, req.params, 'path parameter');
    const instance = resolveInstance(req.query, instances());
    const kargoToken = kargoTokenOf(req);
    const credentials = await httpAuth.credentials(req, {
      allow: ['user', 'service'],
    });
    // Permission first, then the snapshot: denied, no such project, no such
    // Stage answer one 404, and Kargo is not asked.
    await findReadableStage(snapshots, permissions, credentials, {
      instance,
      project,
      name: stage,
    });
    try {
      const body: StageLinksResponse = await links.get(
        { instance, project, stage },
        { kargoToken, personPresent: credentials.principal.type === 'user' },
      );
      res.json(body);
    } catch (error) {
      // Gone since the snapshot was read: the same 404 as unknown.
      if ((error as Error)?.name === 'NotFoundError') {
        throw stageNotFound(instance, project, stage);
      }
      throw error;
    }
  });
}
