/**
 * Kargo's verification as `pkg/controller/stages/regular_stages.go` does it:
 * reverify/abort requests matched against the newest VerificationInfo of the
 * current freight collection, one AnalysisRun per verification, and status
 * updates to that newest entry only, so superseded entries stay as they were
 * (the stale-verification behaviour the plugin works around).
 */
import { randomUUID } from 'node:crypto';
import {
  analysisSpec,
  driveAnalysisRun,
  holdsVerification,
  outcomeOf,
} from './analysisRun';
import {
  ControllerContext,
  setCondition,
  TERMINAL_VERIFICATION,
} from './context';
import {
  analysisRunName,
  nowTime,
  parseVerificationRequest,
  shortenLabelValue,
} from './naming';
import { KubeObject } from '../kube/store';

const MAX_VERIFICATIONS = 10;

function currentVI(stage: KubeObject): any | undefined {
  return stage.status?.freightHistory?.[0]?.verificationHistory?.[0];
}

function conditionsFor(stage: KubeObject, phase: string, message = '') {
  if (phase === 'Successful') {
    setCondition(
      stage,
      'Verified',
      'True',
      'Verified',
      'Freight has been verified',
    );
    setCondition(stage, 'Ready', 'True', 'Ready', 'Stage is ready');
  } else if (phase === 'Pending' || phase === 'Running' || phase === '') {
    const reason =
      phase === 'Running' ? 'VerificationRunning' : 'VerificationPending';
    setCondition(
      stage,
      'Verified',
      'Unknown',
      reason,
      `Verification is ${phase || 'Pending'}`,
    );
  } else {
    const reasons: Record<string, string> = {
      Error: 'VerificationError',
      Inconclusive: 'VerificationInconclusive',
    };
    const reason = reasons[phase] ?? 'VerificationFailed';
    const status = phase === 'Inconclusive' ? 'Unknown' : 'False';
    setCondition(
      stage,
      'Verified',
      status,
      reason,
      message || `Verification ${phase}`,
    );
    setCondition(
      stage,
      'Ready',
      status,
      reason,
      message || `Verification ${phase}`,
    );
  }
}

/** Records a new VerificationInfo at the front of the current collection. */
function pushVerification(
  ctx: ControllerContext,
  stage: KubeObject,
  vi: Record<string, unknown>,
) {
  ctx.mutate(
    ctx.kinds.stage,
    stage.metadata.namespace,
    stage.metadata.name,
    s => {
      const current = s.status.freightHistory[0];
      current.verificationHistory = [
        vi,
        ...(current.verificationHistory ?? []),
      ].slice(0, MAX_VERIFICATIONS);
      conditionsFor(s, vi.phase as string, vi.message as string | undefined);
    },
  );
}

function markVerified(ctx: ControllerContext, stage: KubeObject) {
  const items = stage.status?.freightHistory?.[0]?.items ?? {};
  for (const ref of Object.values<any>(items)) {
    ctx.mutate(ctx.kinds.freight, stage.metadata.namespace, ref.name, f => {
      f.status = f.status ?? {};
      f.status.verifiedIn = {
        ...f.status.verifiedIn,
        [stage.metadata.name]: { verifiedAt: nowTime() },
      };
    });
  }
}

/** Mirrors an AR's phase onto the Stage, if it is still the Stage's newest VI. */
export function syncFromAnalysisRun(
  ctx: ControllerContext,
  namespace: string,
  stageName: string,
  ar: KubeObject,
) {
  const stage = ctx.get(ctx.kinds.stage, namespace, stageName);
  const vi = stage && currentVI(stage);
  if (!stage || !vi || vi.analysisRun?.name !== ar.metadata.name) return;
  if (TERMINAL_VERIFICATION.has(vi.phase)) return;
  const phase: string = ar.status?.phase ?? '';
  ctx.mutate(ctx.kinds.stage, namespace, stageName, s => {
    const v = s.status.freightHistory[0].verificationHistory[0];
    v.phase = phase;
    v.analysisRun = { ...v.analysisRun, phase };
    if (ar.status?.message) v.message = ar.status.message;
    else delete v.message;
    if (ar.status?.completedAt) v.finishTime = ar.status.completedAt;
    conditionsFor(s, phase, ar.status?.message);
  });
  if (phase === 'Successful') markVerified(ctx, stage);
}

/**
 * Starts a verification of the Stage's current collection: an AnalysisRun
 * when the Stage has `spec.verification`, else an immediate Successful VI.
 */
export function startVerification(
  ctx: ControllerContext,
  stage: KubeObject,
  options: { actor?: string; promotion?: string } = {},
): void {
  const ns = stage.metadata.namespace!;
  const collection = stage.status?.freightHistory?.[0];
  if (!collection) return;
  const base = {
    id: randomUUID(),
    ...(options.actor ? { actor: options.actor } : {}),
    startTime: nowTime(),
  };
  if (!stage.spec?.verification) {
    pushVerification(ctx, stage, {
      ...base,
      phase: 'Successful',
      finishTime: nowTime(),
    });
    markVerified(ctx, stage);
    return;
  }
  const { spec, error } = analysisSpec(ctx, stage);
  if (!spec) {
    pushVerification(ctx, stage, {
      ...base,
      phase: 'Error',
      message: error,
      finishTime: nowTime(),
    });
    return;
  }
  const name = analysisRunName(stage.metadata.name, collection.id);
  const stageLabel = shortenLabelValue(stage.metadata.name);
  const meta = stage.spec.verification.analysisRunMetadata ?? {};
  const annotations: Record<string, string> = { ...meta.annotations };
  if (stageLabel !== stage.metadata.name)
    annotations['kargo.akuity.io/stage'] = stage.metadata.name;
  if (options.promotion)
    annotations['kargo.akuity.io/promotion'] = options.promotion;
  const owners = Object.values<any>(collection.items ?? {})
    .map(ref => ctx.get(ctx.kinds.freight, ns, ref.name))
    .filter((f): f is KubeObject => Boolean(f))
    .map(f => ({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Freight',
      name: f.metadata.name,
      uid: f.metadata.uid,
      blockOwnerDeletion: false,
    }));
  ctx.create(ctx.kinds.analysisRun, {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AnalysisRun',
    metadata: {
      name,
      namespace: ns,
      labels: {
        ...meta.labels,
        'kargo.akuity.io/stage': stageLabel,
        'kargo.akuity.io/freight-collection': collection.id,
      },
      ...(Object.keys(annotations).length ? { annotations } : {}),
      ...(owners.length ? { ownerReferences: owners } : {}),
    },
    spec,
  });
  pushVerification(ctx, stage, {
    ...base,
    phase: 'Pending',
    analysisRun: { namespace: ns, name, phase: '' },
  });
  driveAnalysisRun(
    ctx,
    ns,
    name,
    outcomeOf(stage),
    ar => syncFromAnalysisRun(ctx, ns, stage.metadata.name, ar),
    () => holdsVerification(ctx.get(ctx.kinds.stage, ns, stage.metadata.name)),
  );
}

function abortVerification(ctx: ControllerContext, stage: KubeObject, vi: any) {
  const ns = stage.metadata.namespace!;
  if (vi.analysisRun?.name) {
    // Kargo merge-patches {"spec":{"terminate":true}}; Rollouts then ends the run.
    const arNs = vi.analysisRun.namespace ?? ns;
    const ar = ctx.mutate(
      ctx.kinds.analysisRun,
      arNs,
      vi.analysisRun.name,
      run => {
        run.spec = { ...run.spec, terminate: true };
      },
    );
    // Rollouts then ends the run; runs loaded from fixtures have no driver yet.
    if (ar)
      driveAnalysisRun(ctx, arNs, vi.analysisRun.name, 'Failed', () => {});
  }
  ctx.mutate(ctx.kinds.stage, ns, stage.metadata.name, s => {
    const v = s.status.freightHistory[0].verificationHistory[0];
    // The old analysisRun.phase is kept: a terminated AR may still end Successful.
    v.phase = 'Failed';
    v.message = 'Verification aborted by user';
    v.finishTime = nowTime();
    setCondition(
      s,
      'Verified',
      'False',
      'VerificationAborted',
      'Verification aborted by user',
    );
  });
}

/**
 * Acts on reverify / abort requests. `handled` remembers request ids acted on,
 * so a request that stays on the Stage runs once.
 */
export function reconcileVerification(
  ctx: ControllerContext,
  stage: KubeObject,
  handled: Set<string>,
): void {
  if (stage.status?.currentPromotion) return; // Kargo does nothing while promoting.
  const vi = currentVI(stage);
  if (!vi?.id) return;
  const key = `${stage.metadata.namespace}/${stage.metadata.name}`;
  const annotations = stage.metadata.annotations ?? {};
  const abort = parseVerificationRequest(annotations['kargo.akuity.io/abort']);
  if (
    abort &&
    abort.id === vi.id &&
    !TERMINAL_VERIFICATION.has(vi.phase) &&
    !handled.has(`${key}/abort/${abort.id}`)
  ) {
    handled.add(`${key}/abort/${abort.id}`);
    abortVerification(ctx, stage, vi);
    return;
  }
  const reverify = parseVerificationRequest(
    annotations['kargo.akuity.io/reverify'],
  );
  // A reverify of a running VI waits: this runs again when the VI finishes.
  if (
    reverify &&
    reverify.id === vi.id &&
    TERMINAL_VERIFICATION.has(vi.phase) &&
    !handled.has(`${key}/reverify/${reverify.id}`)
  ) {
    handled.add(`${key}/reverify/${reverify.id}`);
    const promotion =
      reverify.controlPlane && reverify.actor
        ? stage.status?.lastPromotion?.name
        : undefined;
    startVerification(ctx, stage, { actor: reverify.actor, promotion });
  }
}
