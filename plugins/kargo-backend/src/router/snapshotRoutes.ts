import {
  kargoStageReadPermission,
  toStageSummary,
  type InstanceSnapshot,
  type SnapshotResponse,
} from '@kargo-backstage/plugin-kargo-common';
import { filterAuthorizedStages } from '../permissions/authorize';
import { freshnessOf } from '../services/snapshot/types';
import { parse } from './params';
import { z } from 'zod';
import { specBody, type KargoApiRouter, type RouterOptions } from './types';

export function addSnapshotRoutes(router: KargoApiRouter, options: RouterOptions) {
  const { httpAuth, permissions, snapshots } = options;

  // For the catalog module (service credentials), and users alike; every
  // Stage still passes the read permission.
  router.get('/snapshot', async (req, res) => {
    parse(z.object({}).strict(), req.query, 'query parameter');
    const credentials = await httpAuth.credentials(req, { allow: ['user', 'service'] });
    const states = await snapshots.getAll();
    const instances: InstanceSnapshot[] = [];
    for (const state of states) {
      const projects = Object.values(state.projects);
      const stages = projects.flatMap(project =>
        project.stages.map(stage => ({ ...stage, ...freshnessOf(state, project) })),
      );
      instances.push({
        instance: state.instance,
        kargoUrl: state.kargoUrl,
        lastUpdated: state.lastUpdated,
        stale: state.stale,
        error: state.error,
        projects: projects.map(p => p.project).sort(),
        stages: (
          await filterAuthorizedStages(permissions, kargoStageReadPermission, stages, credentials)
        ).map(toStageSummary),
      });
    }
    const body: SnapshotResponse = { instances };
    res.json(specBody(body));
  });
}
