/**
 * Deterministic builders for the demo scenarios: objects shaped exactly as
 * Kargo 1.x and Argo Rollouts write them (see docs/sandbox.md), with stable
 * names, uids and timestamps so the generated YAML only changes on purpose.
 * The building blocks (ids, times, conditions, metrics) are the shared ones
 * of @kargo-backstage/kargo-test-objects.
 */
import {
  clockFrom,
  collectionId,
  condition as kubeCondition,
  sha1,
  sha256,
  successRateMetric,
  uuid,
} from '@kargo-backstage/kargo-test-objects';

export { collectionId, sha1, successRateMetric, uuid };

/** Every demo timestamp is relative to this instant. */
export const DEMO_EPOCH = Date.parse('2026-11-27T09:00:00Z');

/** RFC 3339 `minutes` after the demo epoch. */
export const at = clockFrom(DEMO_EPOCH);

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** A ULID (lower case) whose time part is `minutes` after the epoch. */
export function ulidAt(minutes: number, seed: string): string {
  let time = DEMO_EPOCH + minutes * 60_000;
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[time % 32] + out;
    time = Math.floor(time / 32);
  }
  const h = sha256(seed);
  for (let i = 0; i < 16; i++)
    out += CROCKFORD[parseInt(h.slice(i * 2, i * 2 + 2), 16) % 32];
  return out;
}

export interface DemoFreight {
  name: string;
  alias: string;
  uid: string;
  ref: Record<string, unknown>;
  object: Record<string, unknown>;
}

/** A Freight of one image and one commit, named as Kargo's GenerateFreightID. */
export function freight(opts: {
  project: string;
  warehouse: string;
  alias: string;
  image: string;
  tag: string;
  repoURL: string;
  message: string;
  minutes: number;
  currentlyIn?: Record<string, number>;
  verifiedIn?: Record<string, number>;
  /** Stages a person approved it for by hand (`status.approvedFor`). */
  approvedFor?: Record<string, number>;
}): DemoFreight {
  const commit = sha1(`${opts.repoURL}@${opts.tag}`);
  const digest = `sha256:${sha256(`${opts.image}:${opts.tag}`)}`;
  const origin = { kind: 'Warehouse', name: opts.warehouse };
  const name = sha1(
    `Warehouse/${opts.warehouse}:${[
      `${opts.repoURL}#${commit}`,
      `${opts.image}:${opts.tag}@${digest}`,
    ]
      .sort()
      .join('|')}`,
  );
  const commits = [
    {
      repoURL: opts.repoURL,
      id: commit,
      branch: 'main',
      message: opts.message,
      author: 'Ada Lovelace <ada@acme.example>',
    },
  ];
  const images = [{ repoURL: opts.image, tag: opts.tag, digest }];
  const uid = uuid(`freight/${name}`);
  const since = (m: number) => ({ since: at(m) });
  const status: Record<string, unknown> = {};
  if (opts.currentlyIn)
    status.currentlyIn = Object.fromEntries(
      Object.entries(opts.currentlyIn).map(([s, m]) => [s, since(m)]),
    );
  if (opts.verifiedIn) {
    status.verifiedIn = Object.fromEntries(
      Object.entries(opts.verifiedIn).map(([s, m]) => [
        s,
        { verifiedAt: at(m) },
      ]),
    );
  }
  if (opts.approvedFor) {
    status.approvedFor = Object.fromEntries(
      Object.entries(opts.approvedFor).map(([s, m]) => [
        s,
        { approvedAt: at(m) },
      ]),
    );
  }
  return {
    name,
    alias: opts.alias,
    uid,
    ref: { name, origin, commits, images },
    object: {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Freight',
      metadata: {
        name,
        namespace: opts.project,
        uid,
        generation: 1,
        creationTimestamp: at(opts.minutes),
        labels: { 'kargo.akuity.io/alias': opts.alias },
      },
      alias: opts.alias,
      origin,
      commits,
      images,
      status,
    },
  };
}

export interface AnalysisRunSpec {
  stage: string;
  project: string;
  freight: DemoFreight;
  minutes: number;
  phase: 'Successful' | 'Failed' | 'Running' | 'Pending' | 'Error';
  metrics: string[];
  promotion?: string;
  /** Metric name -> failure message of its failed measurement. */
  failures?: Record<string, string>;
  durationMinutes?: number;
}

/** An AnalysisRun exactly as Kargo creates it and Argo Rollouts completes it. */
export function analysisRun(s: AnalysisRunSpec) {
  const coll = collectionId(s.freight.name);
  const name = `${s.stage}.${ulidAt(
    s.minutes,
    `${s.project}/${s.stage}/${s.minutes}`,
  )}.${coll}`;
  const started = at(s.minutes);
  const done = at(s.minutes + (s.durationMinutes ?? 3));
  const terminal = s.phase !== 'Running' && s.phase !== 'Pending';
  const metricResults = s.metrics.map(m => {
    const failure = s.failures?.[m];
    let phase = 'Successful';
    if (!terminal) phase = 'Running';
    else if (failure) phase = s.phase;
    const measurements = [0, 1, 2].map(i => ({
      phase: i === 2 && (!terminal || failure) ? phase : 'Successful',
      startedAt: at(s.minutes + i),
      ...(!terminal && i === 2 ? {} : { finishedAt: at(s.minutes + i) }),
      ...(!terminal && i === 2
        ? {}
        : { value: failure && i === 2 ? '[0.871]' : '[0.998]' }),
      ...(failure && i === 2 ? { message: failure } : {}),
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
  const failedMsg = metricResults.find(r => r.message)?.message;
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AnalysisRun',
    metadata: {
      name,
      namespace: s.project,
      uid: uuid(`ar/${name}`),
      generation: 1,
      creationTimestamp: started,
      labels: {
        'kargo.akuity.io/stage': s.stage,
        'kargo.akuity.io/freight-collection': coll,
      },
      ...(s.promotion
        ? { annotations: { 'kargo.akuity.io/promotion': s.promotion } }
        : {}),
      ownerReferences: [
        {
          apiVersion: 'kargo.akuity.io/v1alpha1',
          kind: 'Freight',
          name: s.freight.name,
          uid: s.freight.uid,
          blockOwnerDeletion: false,
        },
      ],
    },
    spec: {
      metrics: s.metrics.map(successRateMetric),
      args: [{ name: 'stage', value: s.stage }],
    },
    status: {
      phase: s.phase,
      ...(failedMsg ? { message: failedMsg } : {}),
      startedAt: started,
      ...(terminal ? { completedAt: done } : {}),
      metricResults,
      runSummary: {
        count: s.metrics.length,
        ...(terminal
          ? {
              successful: metricResults.filter(r => r.phase === 'Successful')
                .length,
            }
          : {}),
        ...(failedMsg ? { failed: 1 } : {}),
      },
      dryRunSummary: {},
    },
  };
}

/** The VerificationInfo Kargo records for a run (phase as Kargo last saw it). */
export function verificationInfo(
  ar: ReturnType<typeof analysisRun> | undefined,
  opts: {
    id: string;
    minutes: number;
    phase: string;
    actor?: string;
    arPhase?: string;
    finished?: boolean;
    message?: string;
  },
) {
  return {
    id: uuid(opts.id),
    ...(opts.actor ? { actor: opts.actor } : {}),
    startTime: at(opts.minutes),
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
    ...(opts.finished ? { finishTime: at(opts.minutes + 3) } : {}),
  };
}

/** A status condition at `minutes` after the demo epoch. */
export function condition(
  type: string,
  status: 'True' | 'False' | 'Unknown',
  reason: string,
  message: string,
  minutes: number,
  generation = 1,
) {
  return kubeCondition(type, status, reason, message, at(minutes), generation);
}
