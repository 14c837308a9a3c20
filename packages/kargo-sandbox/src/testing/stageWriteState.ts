import type { Sandbox } from '../sandbox';

/** What a write would change: the Stage's annotations and the project's AnalysisRuns. @public */
export interface StageWriteState {
  annotations: Record<string, string>;
  resourceVersion: string | undefined;
  analysisRuns: string[];
}

/** Read straight from the sandbox's store, not through any API. @public */
export function stageWriteState(
  sandbox: Sandbox,
  project: string,
  stage: string,
): StageWriteState {
  const stages = sandbox.registry.find('kargo.akuity.io', 'v1alpha1', 'stages');
  const runs = sandbox.registry.find('argoproj.io', 'v1alpha1', 'analysisruns');
  if (!stages || !runs)
    throw new Error('The sandbox lacks the Kargo or Rollouts CRDs');
  const object = sandbox.store.get(stages, project, stage);
  if (!object) throw new Error(`No Stage ${project}/${stage} in the sandbox`);
  return {
    annotations: { ...(object.metadata?.annotations ?? {}) },
    resourceVersion: object.metadata?.resourceVersion,
    analysisRuns: sandbox.store
      .list(runs, project)
      .map(r => r.metadata?.name ?? '')
      .sort(),
  };
}

/** Requests that reached the sandbox and could change something. @public */
export function writesReceived(sandbox: Sandbox) {
  return sandbox.faults
    .requests()
    .filter(r => !['GET', 'HEAD', 'OPTIONS'].includes(r.method));
}
