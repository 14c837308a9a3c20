import {
  kargoStageReadPermission,
  toStageSummary,
  type InstanceSnapshot,
  type SnapshotResponse,
} from '@kargo-backstage/plugin-kargo-common';
import { filterAuthorizedStages } from '@kargo-backstage/plugin-kargo-node';
import { freshnessOf } from '../services/snapshot/types';
import { parse } from './params';
import { redactClusterText } from './redact';
import { z } from 'zod';
import { type KargoApiRouter, type RouterOptions } from './types';

export function addSnapshotRoutes(
  router: KargoApiRouter,
  options: RouterOptions,
) {
  const { httpAuth, snapshotPermissions: permissions, snapshots } = options;

  // For the catalog module and other services only (users get 403: they read
  // through the Stage routes). Every Stage still passes the read permission,
  // scoped per service by kargo.access.services (the catalog module reads
  // every project unless configured), and a project none of whose Stages may
  // be read is not named.
  router.get('/snapshot', async (req, res) => {
    parse(z.object({}).strict(), req.query, 'query parameter');
    const credentials = await httpAuth.credentials(req, { allow: ['service'] });
    const states = await snapshots.getAll();
    const instances: InstanceSnapshot[] = [];
    for (const state of states) {
      const projects = Object.values(state.projects);
      const stages = projects.flatMap(project =>
        project.stages.map(stage => ({
          ...stage,
          ...freshnessOf(state, project),
        })),
      );
      const readable = await filterAuthorizedStages(
        permissions,
        kargoStageReadPermission,
        stages,
        credentials,
      );
      const named = new Set(readable.map(s => s.project));
      // Projects never read have no Stage to authorize: named (incomplete)
      // only to a service whose kargo.access.services scope covers them,
      // asked on a ref of the project ('*' is no Stage name; a project '*'
      // only a scope over every project covers). So is the instance's error.
      const scoped = await filterAuthorizedStages(
        permissions,
        kargoStageReadPermission,
        [...projects.filter(p => !p.lastUpdated).map(p => p.project), '*'].map(
          project => ({ instance: state.instance, project, name: '*' }),
        ),
        credentials,
      );
      const unread = new Set(scoped.map(s => s.project));
      const toldError = readable.length > 0 || unread.size > 0;
      instances.push({
        instance: state.instance,
        kargoUrl: state.kargoUrl,
        lastUpdated: state.lastUpdated,
        stale: state.stale,
        error: toldError && state.error ? redactClusterText(state.error) : null,
        projects: projects
          .map(p => p.project)
          .filter(p => named.has(p))
          .sort(),
        // Never read (no Stage to authorize yet) or failed: the catalog keeps
        // what it has of them.
        incompleteProjects: projects
          .filter(p =>
            !p.lastUpdated
              ? unread.has(p.project)
              : p.error && named.has(p.project),
          )
          .map(p => p.project)
          .sort(),
        stages: readable.map(stage => {
          const summary = toStageSummary(stage);
          return summary.error
            ? { ...summary, error: redactClusterText(summary.error) }
            : summary;
        }),
      });
    }
    const body: SnapshotResponse = { instances };
    res.json(body);
  });
}
