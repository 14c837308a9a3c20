/**
 * Plays Argo Rollouts' part: drives an AnalysisRun Pending -> Running ->
 * Successful/Failed (or Failed once `spec.terminate` is set), writing
 * metricResults with measurements the way Rollouts does.
 */
import { ControllerContext } from './context';
import { nowTime } from './naming';
import { KubeObject } from '../kube/store';

/** Stage annotation choosing how the sandbox's analyses end. @public */
export const VERIFICATION_OUTCOME_ANNOTATION =
  'sandbox.kargo.io/verification-outcome';

/**
 * Stage annotation that keeps its running analyses Running until it is
 * removed: lets a test (or a demo) end a run exactly when it chooses. @public
 */
export const VERIFICATION_HOLD_ANNOTATION =
  'sandbox.kargo.io/verification-hold';

/** Whether the Stage holds its analyses in Running (any value but "false"). */
export function holdsVerification(stage: KubeObject | undefined): boolean {
  const v = stage?.metadata.annotations?.[VERIFICATION_HOLD_ANNOTATION];
  return v !== undefined && v !== 'false';
}

export type AnalysisOutcome =
  | 'Successful'
  | 'Failed'
  | 'Error'
  | 'Inconclusive';

export function outcomeOf(stage: KubeObject | undefined): AnalysisOutcome {
  const v = stage?.metadata.annotations?.[VERIFICATION_OUTCOME_ANNOTATION];
  return v === 'Failed' || v === 'Error' || v === 'Inconclusive'
    ? v
    : 'Successful';
}

function metricNames(ar: KubeObject): string[] {
  const names = (ar.spec?.metrics ?? [])
    .map((m: any) => m?.name)
    .filter(Boolean);
  return names.length ? names : ['smoke-test'];
}

function finalStatus(
  ar: KubeObject,
  outcome: AnalysisOutcome,
  terminated: boolean,
) {
  const started = ar.status?.startedAt ?? nowTime();
  const finished = nowTime();
  const failedMetric = metricNames(ar)[0];
  const metricResults = metricNames(ar).map(name => {
    const failed =
      !terminated && outcome !== 'Successful' && name === failedMetric;
    const phase = terminated || !failed ? 'Successful' : outcome;
    const message = failed
      ? `Metric "${name}" assessed ${outcome} due to failed (1) > failureLimit (0)`
      : undefined;
    return {
      name,
      phase,
      ...(message ? { message } : {}),
      measurements: [
        {
          phase,
          startedAt: started,
          finishedAt: finished,
          value: failed ? '[0.42]' : '[0.99]',
          ...(failed
            ? {
                message: `${name}: value 0.42 is below the success threshold 0.95`,
              }
            : {}),
        },
      ],
      count: 1,
      successful: phase === 'Successful' ? 1 : 0,
      failed: phase === 'Failed' ? 1 : 0,
      ...(phase === 'Error' ? { error: 1 } : {}),
      ...(phase === 'Inconclusive' ? { inconclusive: 1 } : {}),
    };
  });
  const phase = terminated ? 'Failed' : outcome;
  let message: string | undefined;
  if (terminated) message = 'Run Terminated';
  else if (outcome !== 'Successful')
    message = metricResults.find(m => m.message)?.message;
  return {
    phase,
    ...(message ? { message } : {}),
    startedAt: started,
    completedAt: finished,
    metricResults,
    runSummary: {
      count: metricResults.length,
      successful: metricResults.filter(m => m.phase === 'Successful').length,
      failed: metricResults.filter(m => m.phase === 'Failed').length,
      ...(outcome === 'Error' ? { error: 1 } : {}),
      ...(outcome === 'Inconclusive' ? { inconclusive: 1 } : {}),
    },
  };
}

/**
 * Advances one AnalysisRun by one phase and calls `onPhase` after each
 * change, until it is terminal. `outcome` is decided when the run starts.
 */
export function driveAnalysisRun(
  ctx: ControllerContext,
  namespace: string,
  name: string,
  outcome: AnalysisOutcome,
  onPhase: (ar: KubeObject) => void,
  held: () => boolean = () => false,
): void {
  const step = () => {
    const ar = ctx.get(ctx.kinds.analysisRun, namespace, name);
    if (!ar) return;
    const phase: string | undefined = ar.status?.phase;
    if (phase && !['Pending', 'Running'].includes(phase)) return;
    if (phase === 'Running' && !ar.spec?.terminate && held()) {
      ctx.later(step);
      return;
    }
    let status: Record<string, unknown>;
    if (ar.spec?.terminate) status = finalStatus(ar, outcome, true);
    else if (!phase) status = { phase: 'Pending' };
    else if (phase === 'Pending') {
      const at = nowTime();
      status = {
        phase: 'Running',
        startedAt: at,
        metricResults: metricNames(ar).map(n => ({
          name: n,
          phase: 'Running',
          measurements: [{ phase: 'Running', startedAt: at }],
          count: 1,
        })),
        runSummary: { count: metricNames(ar).length },
      };
    } else status = finalStatus(ar, outcome, false);
    const updated = ctx.mutate(ctx.kinds.analysisRun, namespace, name, o => {
      o.status = status;
    });
    if (!updated) return;
    onPhase(updated);
    if (['Pending', 'Running'].includes(status.phase as string))
      ctx.later(step);
  };
  ctx.later(step);
}

/** Builds the AR spec from the Stage's AnalysisTemplates (flattened, as Kargo does). */
export function analysisSpec(
  ctx: ControllerContext,
  stage: KubeObject,
): { spec?: Record<string, unknown>; error?: string } {
  const ns = stage.metadata.namespace!;
  const verification = stage.spec?.verification ?? {};
  const metrics: unknown[] = [];
  const args: Array<{ name: string; value?: string }> = [];
  for (const ref of verification.analysisTemplates ?? []) {
    const cluster = ref.kind === 'ClusterAnalysisTemplate';
    const tpl = cluster
      ? ctx.get(ctx.kinds.clusterAnalysisTemplate, undefined, ref.name)
      : ctx.get(ctx.kinds.analysisTemplate, ns, ref.name);
    if (!tpl) {
      return {
        error: cluster
          ? `ClusterAnalysisTemplate "${ref.name}" not found`
          : `AnalysisTemplate "${ref.name}" in namespace "${ns}" not found`,
      };
    }
    metrics.push(...(tpl.spec?.metrics ?? []));
    for (const a of tpl.spec?.args ?? [])
      if (!args.some(x => x.name === a.name)) args.push(a);
  }
  for (const a of verification.args ?? []) {
    const i = args.findIndex(x => x.name === a.name);
    if (i >= 0) args[i] = a;
    else args.push(a);
  }
  return { spec: { metrics, ...(args.length ? { args } : {}) } };
}
