/**
 * Builders for Kargo 1.x objects shaped exactly as Kargo writes them
 * (field names and layout from Kargo v1.11 and Argo Rollouts). Tests compose
 * them into the demo scenarios in the sibling files.
 */
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
import { at, collectionId, freightName, ulid } from './ids';

export * from './ids';

export function freight(
  project: string,
  warehouse: string,
  seed: string,
  alias: string,
  repo = 'https://github.com/acme/app',
): Freight {
  const name = freightName(seed);
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Freight',
    metadata: {
      name,
      namespace: project,
      labels: { 'kargo.akuity.io/alias': alias },
      creationTimestamp: at(0),
    },
    alias,
    origin: { kind: 'Warehouse', name: warehouse },
    commits: [
      {
        repoURL: repo,
        id: sha1Hex(`commit:${seed}`),
        branch: 'main',
        message: `Release ${seed}`,
        author: 'Dev <dev@acme.io>',
      },
    ],
    images: [
      {
        repoURL: `ghcr.io/acme/${warehouse}`,
        tag: seed,
        digest: `sha256:${sha1Hex(seed)}${sha1Hex(seed).slice(0, 24)}`,
      },
    ],
  };
}

/** A FreightCollection holding one Freight of `warehouse`. */
export function collection(
  warehouse: string,
  f: Freight,
  verificationHistory: VerificationInfo[],
): FreightCollection {
  return {
    id: collectionId(f.metadata!.name!),
    items: {
      [`Warehouse/${warehouse}`]: {
        name: f.metadata!.name!,
        origin: { kind: 'Warehouse', name: warehouse },
        commits: f.commits,
        images: f.images,
      },
    },
    verificationHistory,
  };
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

export function analysisRun(o: RunOptions): AnalysisRun {
  const annotations: Record<string, string> = {};
  if (o.stageAnnotation)
    annotations['kargo.akuity.io/stage'] = o.stageAnnotation;
  if (o.promotion) annotations['kargo.akuity.io/promotion'] = o.promotion;
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AnalysisRun',
    metadata: {
      name: runName(o.stage, o.n, o.collection),
      namespace: o.project,
      creationTimestamp: o.startedAt,
      labels: {
        'kargo.akuity.io/stage': o.stageLabel ?? o.stage,
        'kargo.akuity.io/freight-collection': o.collection,
      },
      annotations,
      ownerReferences: o.freightNames.map(name => ({
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Freight',
        name,
        uid: `uid-${name.slice(0, 8)}`,
      })),
    },
    spec: {
      metrics: (o.metricResults?.map(r => r.name) ?? ['smoke-test']).map(
        name => ({ name }),
      ),
    },
    status: {
      phase: o.phase ?? 'Successful',
      ...(o.message ? { message: o.message } : {}),
      startedAt: o.startedAt,
      ...(o.completedAt ? { completedAt: o.completedAt } : {}),
      metricResults: o.metricResults ?? [
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
              ...(o.phase === 'Failed'
                ? { message: 'error rate above 5%' }
                : {}),
            },
          ],
        },
      ],
    },
  };
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

export function stage(o: StageOptions): Stage {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Stage',
    metadata: {
      name: o.name,
      namespace: o.project,
      generation: 3,
      creationTimestamp: at(0),
    },
    spec: {
      ...(o.vars ? { vars: o.vars } : {}),
      requestedFreight: [
        {
          origin: { kind: 'Warehouse', name: o.warehouse },
          sources: { direct: true },
        },
      ],
      promotionTemplate: {
        spec: {
          ...(o.templateVars ? { vars: o.templateVars } : {}),
          steps: o.steps ?? [],
        },
      },
      ...(o.verification === false
        ? {}
        : { verification: { analysisTemplates: [{ name: 'smoke-test' }] } }),
    },
    status: {
      observedGeneration: 3,
      conditions: o.conditions ?? [
        {
          type: 'Ready',
          status: 'True',
          reason: 'Ready',
          lastTransitionTime: at(1),
        },
        {
          type: 'Healthy',
          status: 'True',
          reason: 'Healthy',
          lastTransitionTime: at(1),
        },
        {
          type: 'Verified',
          status: 'True',
          reason: 'Verified',
          lastTransitionTime: at(1),
        },
      ],
      health: { status: o.health ?? 'Healthy' },
      freightHistory: o.freightHistory ?? [],
    },
  };
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
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Promotion',
    metadata: {
      name: `${stageName}.${ulid(n)}.${freightRef.slice(0, 7)}`,
      namespace: project,
      creationTimestamp: at(n),
    },
    spec: { stage: stageName, freight: freightRef, steps },
    status: {
      ...(phase ? { phase } : {}),
      startedAt: at(n),
      ...(state ? { state } : {}),
    },
  };
}
