/** AnalysisRuns, and the VerificationInfo Kargo records for them. */
import { collectionId, successRateMetric, uuid as uuidOf } from './blocks';
import { Context, metadataOf, Obj } from './profile';

export type RunPhase =
  | 'Successful'
  | 'Failed'
  | 'Running'
  | 'Pending'
  | 'Error'
  | 'Inconclusive';

export interface AnalysisRunOptions {
  project: string;
  stage: string;
  /** The Freight of the collection the run verifies (its owners). */
  freight: FreightOwner | FreightOwner[];
  minutes: number;
  phase: RunPhase;
  metrics: string[];
  promotion?: string;
  /** Metric name -> failure message of its failed measurement. */
  failures?: Record<string, string>;
  durationMinutes?: number;
  /** The ULID part of the name; default: one at `minutes`. */
  runId?: string;
  /** Default: the collection id of the Freight. */
  collection?: string;
  /** The `kargo.akuity.io/stage` label; default: the Stage name. */
  stageLabel?: string;
  /** Annotations beside the promotion's. */
  annotations?: Record<string, string>;
  /** Results as given, instead of measured ones of `metrics`. */
  metricResults?: Obj[];
  /** The run's times as given, instead of `minutes` on the clock. */
  times?: { startedAt?: string; completedAt?: string };
  /** `status.message`; default: the first failed metric's. */
  message?: string;
}

/** A Freight as an owner of a run: its name and uid. */
export interface FreightOwner {
  name: string;
  uid?: string;
}

function measuredResults(
  ctx: Context,
  s: AnalysisRunOptions,
  terminal: boolean,
) {
  return s.metrics.map(m => {
    const failure = s.failures?.[m];
    let phase = 'Successful';
    if (!terminal) phase = 'Running';
    else if (failure) phase = s.phase;
    const failedValue = ctx.lean ? '[0.998]' : '[0.871]';
    const measurements = [0, 1, 2].map(i => ({
      phase: i === 2 && (!terminal || failure) ? phase : 'Successful',
      startedAt: ctx.at(s.minutes + i),
      ...(!terminal && i === 2 ? {} : { finishedAt: ctx.at(s.minutes + i) }),
      ...(!terminal && i === 2
        ? {}
        : { value: failure && i === 2 ? failedValue : '[0.998]' }),
      ...(failure && i === 2 && !ctx.lean ? { message: failure } : {}),
    }));
    return {
      name: m,
      phase,
      ...(failure
        ? {
            message: `Metric "${m}" assessed ${s.phase} due to failed (1) > failureLimit (0)`,
          }
        : {}),
      measurements,
      count: 3,
      successful: failure || !terminal ? 2 : 3,
      ...(failure ? { failed: 1 } : {}),
    };
  });
}

export function analysisRunBuilder(ctx: Context) {
  /** An AnalysisRun exactly as Kargo creates it and Argo Rollouts completes it. */
  return function analysisRun(s: AnalysisRunOptions): Obj {
    const owners = [s.freight].flat();
    const coll = s.collection ?? collectionId(...owners.map(f => f.name));
    const runId =
      s.runId ?? ctx.ulid(s.minutes, `${s.project}/${s.stage}/${s.minutes}`);
    const name = `${s.stage}.${runId}.${coll}`;
    const terminal = s.phase !== 'Running' && s.phase !== 'Pending';
    const metricResults: Obj[] =
      s.metricResults ?? measuredResults(ctx, s, terminal);
    const failedMsg = ctx.lean
      ? undefined
      : s.message ?? metricResults.find(r => r.message)?.message;
    const annotations = {
      ...s.annotations,
      ...(s.promotion ? { 'kargo.akuity.io/promotion': s.promotion } : {}),
    };
    const times = s.times ?? {
      startedAt: ctx.at(s.minutes),
      completedAt: terminal
        ? ctx.at(s.minutes + (s.durationMinutes ?? 3))
        : undefined,
    };
    return {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AnalysisRun',
      metadata: {
        ...metadataOf(ctx, 'AnalysisRun', name, s.project, s.minutes),
        ...(s.times ? { creationTimestamp: s.times.startedAt } : {}),
        labels: {
          'kargo.akuity.io/stage': s.stageLabel ?? s.stage,
          'kargo.akuity.io/freight-collection': coll,
        },
        ...(Object.keys(annotations).length ? { annotations } : {}),
        ownerReferences: owners.map(f => ({
          apiVersion: 'kargo.akuity.io/v1alpha1',
          kind: 'Freight',
          name: f.name,
          uid: f.uid,
          ...(ctx.lean ? {} : { blockOwnerDeletion: false }),
        })),
      },
      spec: {
        metrics: s.metrics.map(successRateMetric),
        args: [{ name: 'stage', value: s.stage }],
      },
      status: {
        phase: s.phase,
        ...(failedMsg ? { message: failedMsg } : {}),
        startedAt: times.startedAt,
        ...(times.completedAt ? { completedAt: times.completedAt } : {}),
        metricResults,
        runSummary: {
          count: s.metrics.length,
          ...(terminal && !ctx.lean
            ? {
                successful: metricResults.filter(r => r.phase === 'Successful')
                  .length,
              }
            : {}),
          ...(failedMsg ? { failed: 1 } : {}),
        },
        ...(ctx.lean ? {} : { dryRunSummary: {} }),
      },
    };
  };
}

export interface VerificationOptions {
  /** Seed of the verification's id. */
  id: string;
  minutes: number;
  phase: string;
  actor?: string;
  /** The run's phase as Kargo last saw it; default: `phase`. */
  arPhase?: string;
  finished?: boolean;
  message?: string;
}

export function verificationInfoBuilder(ctx: Context) {
  /** The VerificationInfo Kargo records for a run (phase as Kargo last saw it). */
  return function verificationInfo(
    ar: Obj | undefined,
    opts: VerificationOptions,
  ): Obj {
    return {
      id: uuidOf(opts.id),
      ...(opts.actor ? { actor: opts.actor } : {}),
      startTime: ctx.at(opts.minutes),
      phase: opts.phase,
      ...(opts.message ? { message: opts.message } : {}),
      ...(ar
        ? {
            analysisRun: {
              namespace: ar.metadata.namespace,
              name: ar.metadata.name,
              phase: opts.arPhase ?? opts.phase,
            },
          }
        : {}),
      ...(opts.finished ? { finishTime: ctx.at(opts.minutes + 3) } : {}),
    };
  };
}
