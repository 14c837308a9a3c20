/**
 * Moving fixtures: a Running AnalysisRun annotated
 * `sandbox.kargo.io/fails-after-seconds: "N"` turns Failed N seconds after
 * the controller first sees it (at start, or when the annotation is set),
 * and its Stage's newest verification follows, so a demo shows a live change.
 */
import { driveAnalysisRun } from './analysisRun';
import { ControllerContext } from './context';
import { syncFromAnalysisRun } from './verification';
import { KubeObject } from '../kube/store';

/** AnalysisRun annotation: seconds until a Running run turns Failed. @public */
export const FAILS_AFTER_ANNOTATION = 'sandbox.kargo.io/fails-after-seconds';

/** The Stage an AnalysisRun verifies (the full name when the label is shortened). */
function stageOf(ar: KubeObject): string | undefined {
  return (
    ar.metadata.annotations?.['kargo.akuity.io/stage'] ??
    ar.metadata.labels?.['kargo.akuity.io/stage']
  );
}

export class MovingAnalysisRuns {
  /** `<ns>/<name>=<seconds>` of the runs already scheduled. */
  private readonly scheduled = new Set<string>();

  constructor(private readonly ctx: ControllerContext) {}

  /** Schedules the run's failure if it is Running and asks for one. */
  consider(ar: KubeObject): void {
    const seconds = Number(ar.metadata.annotations?.[FAILS_AFTER_ANNOTATION]);
    const ns = ar.metadata.namespace!;
    const { name } = ar.metadata;
    const stage = stageOf(ar);
    if (ar.status?.phase !== 'Running' || !stage) return;
    if (!Number.isFinite(seconds) || seconds < 0) return;
    const key = `${ns}/${name}=${seconds}`;
    if (this.scheduled.has(key)) return;
    this.scheduled.add(key);
    const { ctx } = this;
    ctx.later(() => {
      const now = ctx.get(ctx.kinds.analysisRun, ns, name);
      // Re-annotated meanwhile: the newer schedule decides.
      if (
        now?.metadata.annotations?.[FAILS_AFTER_ANNOTATION] !==
        String(ar.metadata.annotations?.[FAILS_AFTER_ANNOTATION])
      )
        return;
      driveAnalysisRun(ctx, ns, name, 'Failed', run =>
        syncFromAnalysisRun(ctx, ns, stage, run),
      );
    }, Math.max(0, seconds * 1000 - ctx.stepDelayMs));
  }
}
