/**
 * The fixtures' builders of Kargo 1.x objects: the shared ones of
 * @kargo-backstage/kargo-test-objects with the parameters the tests name
 * (seeds, sequence numbers), typed as kargo-common's types. Tests compose
 * them into the demo scenarios in the sibling files.
 */
import { collection as sharedCollection } from '@kargo-backstage/kargo-test-objects';
import type {
  AnalysisRun,
  Condition,
  Freight,
  FreightCollection,
  MetricResult,
  Promotion,
  PromotionStep,
  Stage,
  VerificationInfo,
} from '../types';
import { sha1Hex } from '../util/hash';
import { at, freightName, objects, ulid } from './ids';

export * from './ids';

export function freight(
  project: string,
  warehouse: string,
  seed: string,
  alias: string,
  repo = 'https://github.com/acme/app',
): Freight {
  return objects.freight({
    project,
    warehouse,
    alias,
    image: `ghcr.io/acme/${warehouse}`,
    tag: seed,
    repoURL: repo,
    message: `Release ${seed}`,
    minutes: 0,
    author: 'Dev <dev@acme.io>',
    commit: sha1Hex(`commit:${seed}`),
    digest: `sha256:${sha1Hex(seed)}${sha1Hex(seed).slice(0, 24)}`,
    name: freightName(seed),
  }).object;
}

/** A FreightCollection holding one Freight of `warehouse`. */
export function collection(
  warehouse: string,
  f: Freight,
  verificationHistory: VerificationInfo[],
): FreightCollection {
  const name = f.metadata!.name!;
  const origin = { kind: 'Warehouse', name: warehouse };
  return sharedCollection(
    {
      name,
      alias: f.alias ?? '',
      ref: { name, origin, commits: f.commits, images: f.images },
      object: f,
    },
    verificationHistory,
  );
}

/** The name Kargo v1.1+ gives an AnalysisRun: `<stage>.<ulid>.<collection id>`. */
export function runName(
  stageName: string,
  n: number,
  collectionName: string,
): string {
  return `${stageName}.${ulid(n)}.${collectionName}`.toLowerCase();
}

export interface RunOptions {
  project: string;
  stage: string;
  /** Label value; defaults to the Stage name. */
  stageLabel?: string;
  stageAnnotation?: string;
  n: number;
  collection: string;
  freightNames: string[];
  phase?: string;
  message?: string;
  startedAt?: string;
  completedAt?: string;
  metricResults?: MetricResult[];
  promotion?: string;
}

/** The one measurement of the default `smoke-test` metric. */
function smokeTest(o: RunOptions): MetricResult[] {
  return [
    {
      name: 'smoke-test',
      phase:
        o.phase === 'Running' || o.phase === 'Pending'
          ? 'Running'
          : o.phase ?? 'Successful',
      count: 1,
      successful: o.phase === 'Successful' || !o.phase ? 1 : 0,
      failed: o.phase === 'Failed' ? 1 : 0,
      measurements: [
        {
          phase: o.phase === 'Failed' ? 'Failed' : 'Successful',
          startedAt: o.startedAt,
          finishedAt: o.completedAt,
          value: o.phase === 'Failed' ? '0.42' : '0.99',
          ...(o.phase === 'Failed' ? { message: 'error rate above 5%' } : {}),
        },
      ],
    },
  ];
}

export function analysisRun(o: RunOptions): AnalysisRun {
  const metricResults = o.metricResults ?? smokeTest(o);
  return objects.analysisRun({
    project: o.project,
    stage: o.stage,
    stageLabel: o.stageLabel,
    annotations: o.stageAnnotation
      ? { 'kargo.akuity.io/stage': o.stageAnnotation }
      : undefined,
    promotion: o.promotion,
    freight: o.freightNames.map(name => ({
      name,
      uid: `uid-${name.slice(0, 8)}`,
    })),
    collection: o.collection,
    runId: ulid(o.n),
    minutes: 0,
    phase: (o.phase ?? 'Successful') as 'Successful',
    metrics: metricResults.map(r => r.name!),
    metricResults,
    message: o.message,
    times: { startedAt: o.startedAt, completedAt: o.completedAt },
  }) as AnalysisRun;
}

/** The VerificationInfo Kargo records for a run. */
export function verificationOf(
  run: AnalysisRun,
  id: string,
  recorded: {
    phase: string;
    startTime: string;
    finishTime?: string;
    message?: string;
    actor?: string;
  },
): VerificationInfo {
  return {
    id,
    ...(recorded.actor ? { actor: recorded.actor } : {}),
    startTime: recorded.startTime,
    phase: recorded.phase,
    ...(recorded.message ? { message: recorded.message } : {}),
    analysisRun: {
      namespace: run.metadata!.namespace,
      name: run.metadata!.name,
      phase: recorded.phase,
    },
    ...(recorded.finishTime ? { finishTime: recorded.finishTime } : {}),
  };
}

export interface StageOptions {
  project: string;
  name: string;
  warehouse: string;
  freightHistory?: FreightCollection[];
  verification?: boolean;
  steps?: PromotionStep[];
  vars?: Array<{ name: string; value: string }>;
  templateVars?: Array<{ name: string; value: string }>;
  conditions?: Condition[];
  health?: string;
}

const readyConditions = (): Condition[] =>
  ['Ready', 'Healthy', 'Verified'].map(type => ({
    type,
    status: 'True',
    reason: type,
    lastTransitionTime: at(1),
  }));

export function stage(o: StageOptions): Stage {
  return objects.stage({
    project: o.project,
    name: o.name,
    minutes: 0,
    warehouse: o.warehouse,
    vars: o.vars,
    templateVars: o.templateVars,
    steps: o.steps ?? [],
    templates: o.verification === false ? undefined : ['smoke-test'],
    templateArgs: false,
    generation: 3,
    status: {
      conditions: o.conditions ?? readyConditions(),
      health: { status: o.health ?? 'Healthy' },
      freightHistory: o.freightHistory ?? [],
    },
  });
}

export function promotion(
  project: string,
  stageName: string,
  n: number,
  freightRef: string,
  phase: string | undefined,
  steps: PromotionStep[],
  state?: Record<string, unknown>,
): Promotion {
  return objects.promotion({
    project,
    stage: stageName,
    name: `${stageName}.${ulid(n)}.${freightRef.slice(0, 7)}`,
    freight: { name: freightRef },
    minutes: n,
    steps,
    phase,
    state,
    progress: false,
  });
}
