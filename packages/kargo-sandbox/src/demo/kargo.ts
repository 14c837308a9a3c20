/** Builders for Kargo's own kinds in the demo: Project, Warehouse, Stage, Promotion. */
import {
  at,
  condition,
  DemoFreight,
  successRateMetric,
  ulidAt,
  uuid,
} from './builders';

type Obj = Record<string, any>;

export function project(name: string, minutes: number): Obj {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Project',
    metadata: {
      name,
      uid: uuid(`project/${name}`),
      generation: 1,
      creationTimestamp: at(minutes),
      finalizers: ['kargo.akuity.io/finalizer'],
    },
    status: {
      conditions: [
        condition('Ready', 'True', 'Ready', 'Project is ready', minutes),
      ],
    },
  };
}

export function warehouse(
  p: string,
  name: string,
  image: string,
  repoURL: string,
  minutes: number,
): Obj {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Warehouse',
    metadata: {
      name,
      namespace: p,
      uid: uuid(`warehouse/${p}/${name}`),
      generation: 1,
      creationTimestamp: at(minutes),
    },
    spec: {
      interval: '5m0s',
      freightCreationPolicy: 'Automatic',
      subscriptions: [
        {
          image: {
            repoURL: image,
            imageSelectionStrategy: 'SemVer',
            discoveryLimit: 20,
          },
        },
        {
          git: {
            repoURL,
            branch: 'main',
            commitSelectionStrategy: 'NewestFromBranch',
            discoveryLimit: 20,
          },
        },
      ],
    },
    status: {
      conditions: [
        condition(
          'Ready',
          'True',
          'ArtifactsDiscovered',
          'Artifacts discovered',
          minutes + 600,
        ),
      ],
      observedGeneration: 1,
    },
  };
}

export function analysisTemplate(
  p: string,
  name: string,
  metrics: string[],
  minutes: number,
): Obj {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AnalysisTemplate',
    metadata: {
      name,
      namespace: p,
      uid: uuid(`at/${p}/${name}`),
      generation: 1,
      creationTimestamp: at(minutes),
    },
    spec: {
      args: [{ name: 'stage' }],
      metrics: metrics.map(successRateMetric),
    },
  };
}

export function promotionName(
  stage: string,
  f: DemoFreight,
  minutes: number,
): string {
  return `${stage}.${ulidAt(
    minutes,
    `promo/${stage}/${f.name}/${minutes}`,
  )}.${f.name.slice(0, 7)}`;
}

/** A Promotion with its status (phase Succeeded/Failed/Errored/Running). */
export function promotion(opts: {
  project: string;
  stage: string;
  freight: DemoFreight;
  minutes: number;
  steps: Obj[];
  phase: 'Succeeded' | 'Failed' | 'Errored' | 'Running';
  message?: string;
  state?: Obj;
  /** Steps done (Succeeded) before the last one, which gets the final status. */
  reached?: number;
  name?: string;
}): Obj {
  const name =
    opts.name ?? promotionName(opts.stage, opts.freight, opts.minutes);
  const reached = opts.reached ?? opts.steps.length - 1;
  const done = opts.phase !== 'Running';
  const alias = (s: Obj, i: number) => s.as ?? `step-${i + 1}`;
  const lastStatus = opts.phase;
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Promotion',
    metadata: {
      name,
      namespace: opts.project,
      uid: uuid(`promotion/${name}`),
      generation: 1,
      creationTimestamp: at(opts.minutes),
    },
    spec: { stage: opts.stage, freight: opts.freight.name, steps: opts.steps },
    status: {
      phase: opts.phase,
      ...(opts.message ? { message: opts.message } : {}),
      freight: opts.freight.ref,
      startedAt: at(opts.minutes),
      ...(done ? { finishedAt: at(opts.minutes + 4) } : {}),
      currentStep: reached,
      stepExecutionMetadata: opts.steps.slice(0, reached + 1).map((s, i) => ({
        alias: alias(s, i),
        startedAt: at(opts.minutes + (i === reached ? 1 : 0)),
        ...(i < reached || done
          ? { finishedAt: at(opts.minutes + (i === reached ? 4 : 1)) }
          : {}),
        status: i < reached ? 'Succeeded' : lastStatus,
        ...(i === reached && opts.message && opts.phase !== 'Succeeded'
          ? { message: opts.message }
          : {}),
      })),
      ...(opts.state ? { state: opts.state } : {}),
    },
  };
}

/** Stage.status.lastPromotion / currentPromotion from a Promotion object. */
export function promotionRef(p: Obj): Obj {
  const { phase, message, freight, startedAt, finishedAt, currentStep } =
    p.status;
  return {
    name: p.metadata.name,
    freight,
    status: {
      phase,
      ...(message ? { message } : {}),
      freight,
      startedAt,
      ...(finishedAt ? { finishedAt } : {}),
      currentStep,
    },
    ...(finishedAt ? { finishedAt } : {}),
  };
}

export function stageObject(opts: {
  project: string;
  name: string;
  minutes: number;
  warehouse: string;
  /** Upstream Stage(s); none: the Stage takes Freight from the Warehouse. */
  upstream?: string | string[];
  repoURL: string;
  steps: Obj[];
  templates?: string[];
  annotations?: Record<string, string>;
  status: Obj;
}): Obj {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Stage',
    metadata: {
      name: opts.name,
      namespace: opts.project,
      uid: uuid(`stage/${opts.project}/${opts.name}`),
      generation: 1,
      creationTimestamp: at(opts.minutes),
      ...(opts.annotations ? { annotations: opts.annotations } : {}),
    },
    spec: {
      vars: [{ name: 'repoURL', value: opts.repoURL }],
      requestedFreight: [
        {
          origin: { kind: 'Warehouse', name: opts.warehouse },
          sources: opts.upstream
            ? { stages: [opts.upstream].flat() }
            : { direct: true },
        },
      ],
      promotionTemplate: { spec: { steps: opts.steps } },
      ...(opts.templates
        ? {
            verification: {
              analysisTemplates: opts.templates.map(name => ({ name })),
              args: [{ name: 'stage', value: opts.name }],
            },
          }
        : {}),
    },
    status: { observedGeneration: 1, ...opts.status },
  };
}
