import type { BackstageCredentials } from '@backstage/backend-plugin-api';
import { NotFoundError } from '@backstage/errors';
import {
  errorWithReason,
  jobMetricsOf,
  kargoAnalysisRunReadRawPermission,
  kargoStageReadPermission,
  metricsOfAnalysisRun,
  stageNameOfAnalysisRun,
  toStageSummary,
  type AnalysisRun,
  type AnalysisRunResponse,
  type StageListResponse,
} from '@kargo-backstage/plugin-kargo-common';
import { filterAuthorizedStages } from '@kargo-backstage/plugin-kargo-node';
import {
  findProjectFor,
  findReadableStage,
  instanceFor,
  projectNotFound,
  projectOf,
  readableStagesOf,
  served,
} from '../services/snapshot/queries/lookup';
import { sendJsonText, servedJson } from './servedJson';
import { UnknownNameBudget } from './unknownNameBudget';
import {
  analysisRunParams,
  parse,
  projectParams,
  resolveInstance,
  stageParams,
} from './params';
import { type KargoApiRouter, type RouterOptions } from './types';

function toRunResponse(
  instance: string,
  project: string,
  run: AnalysisRun,
  withRaw: boolean,
): AnalysisRunResponse {
  const { managedFields: _omit, ...metadata } = (run.metadata ?? {}) as Record<
    string,
    unknown
  >;
  return {
    instance,
    project,
    name: run.metadata?.name ?? '',
    phase: run.status?.phase || 'Pending',
    message: run.status?.message ?? null,
    startedAt: run.status?.startedAt ?? null,
    completedAt: run.status?.completedAt ?? null,
    metrics: metricsOfAnalysisRun(run),
    jobMetrics: jobMetricsOf(run),
    ...(withRaw ? { raw: { ...run, metadata } } : {}),
  };
}

/** Who is asking, as a key for the unknown-name budget. */
function callerKey(credentials: BackstageCredentials): string {
  const p = credentials.principal as {
    userEntityRef?: string;
    subject?: string;
  };
  return p.userEntityRef ?? p.subject ?? 'anonymous';
}

export function addStageRoutes(router: KargoApiRouter, options: RouterOptions) {
  const { httpAuth, permissions, snapshots, kargo } = options;
  const instances = () => kargo.listInstances().map(i => i.name);
  const unknownNames = new UnknownNameBudget({
    perCallerPerMinute: 30,
    totalPerMinute: 120,
  });

  const mayRead = async (
    permission: typeof kargoStageReadPermission,
    stage: { instance: string; project: string; name: string },
    credentials: BackstageCredentials,
  ) =>
    (
      await filterAuthorizedStages(
        permissions,
        permission,
        [stage],
        credentials,
      )
    ).length > 0;

  router.get('/projects/:project/stages', async (req, res) => {
    const { project } = parse(projectParams, req.params, 'path parameter');
    const instance = resolveInstance(req.query, instances());
    const credentials = await httpAuth.credentials(req);
    // Not read yet: a 503 only to who may be allowed some Stage of it.
    const found = await findProjectFor(
      snapshots,
      permissions,
      credentials,
      instance,
      project,
    );
    const stages = await readableStagesOf(
      permissions,
      credentials,
      { instance, project },
      found.project.stages.map(stage => served(found, stage)),
    );
    // A project the caller may read nothing of answers like a missing one.
    if (stages.length === 0) throw projectNotFound(instance, project);
    const body: StageListResponse = {
      items: stages.map(toStageSummary),
      lastUpdated: found.project.lastUpdated,
      stale: found.state.stale || !!found.project.error,
    };
    res.json(body);
  });

  router.get('/projects/:project/stages/:stage', async (req, res) => {
    const { project, stage } = parse(stageParams, req.params, 'path parameter');
    const instance = resolveInstance(req.query, instances());
    const credentials = await httpAuth.credentials(req);
    // Permission first; denied, no such project, no such Stage: one answer.
    const { found, detail } = await findReadableStage(
      snapshots,
      permissions,
      credentials,
      { instance, project, name: stage },
    );
    sendJsonText(res, servedJson(found, detail));
  });

  router.get('/projects/:project/analysis-runs/:name', async (req, res) => {
    const { project, name } = parse(
      analysisRunParams,
      req.params,
      'path parameter',
    );
    const instance = resolveInstance(req.query, instances());
    const credentials = await httpAuth.credentials(req);
    // One answer for "no such run", "not a Kargo run" and "not allowed".
    const notFound = errorWithReason(NotFoundError, {
      code: 'analysisRunNotFound',
      params: { analysisRun: name, project, instance },
    });
    const state = await instanceFor(
      snapshots,
      permissions,
      credentials,
      { instance, project },
      notFound,
    );
    const found = projectOf(state, project);
    if (!found) {
      // A missing project costs the round trip an existing one costs.
      await readableStagesOf(
        permissions,
        credentials,
        { instance, project },
        [],
      );
      throw notFound;
    }
    const ref = (stage: string) => ({ instance, project, name: stage });
    const getRun = async () => {
      try {
        return await kargo.cluster(instance).getAnalysisRun(project, name);
      } catch (error) {
        if ((error as Error)?.name === 'NotFoundError') throw notFound;
        throw error;
      }
    };

    // Every permission check comes before any cluster call.
    const known = found.stages.find(s =>
      s.verifications.some(v => v.analysisRun?.name === name),
    );
    let run: AnalysisRun;
    let stage: string;
    if (known) {
      if (
        !(await mayRead(kargoStageReadPermission, ref(known.name), credentials))
      )
        throw notFound;
      run = await getRun();
      stage = known.name;
    } else {
      // Newer than the snapshot, or no such run: only a caller who may read
      // some Stage of the project may make the cluster look, within a budget.
      const readable = await readableStagesOf(
        permissions,
        credentials,
        { instance, project },
        found.stages.map(s => ref(s.name)),
      );
      if (readable.length === 0 || !unknownNames.take(callerKey(credentials)))
        throw notFound;
      run = await getRun();
      const owner = stageNameOfAnalysisRun(run);
      if (
        !owner ||
        !(await mayRead(kargoStageReadPermission, ref(owner), credentials))
      ) {
        throw notFound;
      }
      stage = owner;
    }
    const withRaw = await mayRead(
      kargoAnalysisRunReadRawPermission,
      ref(stage),
      credentials,
    );
    res.json({
      ...toRunResponse(instance, project, run, withRaw),
      // Read allowed above: the channel that says the run may have changed.
      signalChannel: options.signalChannels.channelOf(instance, project),
    });
  });
}
