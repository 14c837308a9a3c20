import { NotFoundError } from '@backstage/errors';
import {
  KARGO_LABELS,
  kargoStageReadPermission,
  metricsOfAnalysisRun,
  toStageSummary,
  type AnalysisRun,
  type AnalysisRunResponse,
  type StageDetail,
  type StageListResponse,
} from '@kargo-backstage/plugin-kargo-common';
import { filterAuthorizedStages, requireStagePermission } from '../permissions/authorize';
import { findProject, findStage, served } from './lookup';
import { analysisRunParams, parse, projectParams, resolveInstance, stageParams } from './params';
import { specBody, type KargoApiRouter, type RouterOptions } from './types';

// The stage an AnalysisRun belongs to: the annotation holds the full name
// when Kargo had to hash-shorten the label (names over 63 characters).
function stageOfRun(run: AnalysisRun): string | undefined {
  return (
    run.metadata?.annotations?.[KARGO_LABELS.stage] ?? run.metadata?.labels?.[KARGO_LABELS.stage]
  );
}

function toRunResponse(instance: string, project: string, run: AnalysisRun): AnalysisRunResponse {
  const { managedFields: _omit, ...metadata } = (run.metadata ?? {}) as Record<string, unknown>;
  return {
    instance,
    project,
    name: run.metadata?.name ?? '',
    phase: run.status?.phase || 'Pending',
    message: run.status?.message ?? null,
    startedAt: run.status?.startedAt ?? null,
    completedAt: run.status?.completedAt ?? null,
    metrics: metricsOfAnalysisRun(run),
    raw: { ...run, metadata },
  };
}

export function addStageRoutes(router: KargoApiRouter, options: RouterOptions) {
  const { httpAuth, permissions, snapshots, kargo } = options;
  const instances = () => kargo.listInstances().map(i => i.name);

  router.get('/projects/:project/stages', async (req, res) => {
    const { project } = parse(projectParams, req.params, 'path parameter');
    const instance = resolveInstance(req.query, instances());
    const credentials = await httpAuth.credentials(req);
    const found = await findProject(snapshots, instance, project);
    const stages = await filterAuthorizedStages(
      permissions,
      kargoStageReadPermission,
      found.project.stages.map(stage => served(found, stage)),
      credentials,
    );
    const body: StageListResponse = {
      items: stages.map(toStageSummary),
      lastUpdated: found.project.lastUpdated,
      stale: found.state.stale || !!found.project.error,
    };
    res.json(specBody(body));
  });

  router.get('/projects/:project/stages/:stage', async (req, res) => {
    const { project, stage } = parse(stageParams, req.params, 'path parameter');
    const instance = resolveInstance(req.query, instances());
    const credentials = await httpAuth.credentials(req);
    const detail: StageDetail = await findStage(snapshots, instance, project, stage);
    await requireStagePermission(
      permissions,
      kargoStageReadPermission,
      { instance, project, name: stage },
      credentials,
    );
    res.json(specBody(detail));
  });

  router.get('/projects/:project/analysis-runs/:name', async (req, res) => {
    const { project, name } = parse(analysisRunParams, req.params, 'path parameter');
    const instance = resolveInstance(req.query, instances());
    const credentials = await httpAuth.credentials(req);
    const found = await findProject(snapshots, instance, project);
    // Known runs are authorized before the cluster is asked.
    const known = found.project.stages.find(s =>
      s.verifications.some(v => v.analysisRun?.name === name),
    );
    if (known) {
      await requireStagePermission(
        permissions,
        kargoStageReadPermission,
        { instance, project, name: known.name },
        credentials,
      );
    }
    const run = await kargo.cluster(instance).getAnalysisRun(project, name);
    const stage = known?.name ?? stageOfRun(run);
    if (!stage) {
      throw new NotFoundError(`AnalysisRun '${name}' does not belong to a Kargo Stage`);
    }
    if (!known) {
      await requireStagePermission(
        permissions,
        kargoStageReadPermission,
        { instance, project, name: stage },
        credentials,
      );
    }
    res.json(specBody(toRunResponse(instance, project, run)));
  });
}
