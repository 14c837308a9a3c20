/**
 * Builders of Kargo and Argo Rollouts objects for the generated fleet, shaped
 * as Kargo 1.x writes them (same shapes as the sandbox's demo scenarios, from
 * the same building blocks of @kargo-backstage/kargo-test-objects), so they
 * pass the sandbox's strict CRD validation.
 */
import {
  clockFrom,
  collectionId as collectionOf,
  condition as kubeCondition,
  sha1,
  successRateMetric,
  uuid,
} from '@kargo-backstage/kargo-test-objects';

export { sha1, uuid };

/** A Kubernetes object as the sandbox loads it. */
export type Obj = Record<string, any>;

/** RFC 3339 time `minutes` after the fleet's epoch. */
export const at = clockFrom('2026-06-01T00:00:00Z');

const meta = (name: string, namespace: string | undefined, minutes: number) => ({
  name,
  ...(namespace ? { namespace } : {}),
  uid: uuid(`${namespace}/${name}`),
  generation: 1,
  creationTimestamp: at(minutes),
});

const condition = (type: string, reason: string, minutes: number) =>
  kubeCondition(type, 'True', reason, reason, at(minutes));

export function project(name: string): Obj {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Project',
    metadata: { ...meta(name, undefined, 0), finalizers: ['kargo.akuity.io/finalizer'] },
    status: { conditions: [condition('Ready', 'Ready', 0)] },
  };
}

/** One Freight of the project's Warehouse, and its FreightReference. */
export interface FleetFreight {
  name: string;
  ref: Obj;
  object: Obj;
}

export function freight(p: string, index: number, repoURL: string): FleetFreight {
  const tag = `v1.${index}.0`;
  const image = `ghcr.io/acme/${p}`;
  const commit = sha1(`${repoURL}@${tag}`);
  const name = sha1(`Warehouse/${p}:${repoURL}#${commit}|${image}:${tag}`);
  const origin = { kind: 'Warehouse', name: p };
  const commits = [{ repoURL, id: commit, branch: 'main', message: `release ${tag}` }];
  const images = [{ repoURL: image, tag, digest: `sha256:${sha1(tag)}${sha1(image).slice(0, 24)}` }];
  return {
    name,
    ref: { name, origin, commits, images },
    object: {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Freight',
      metadata: { ...meta(name, p, index * 600), labels: { 'kargo.akuity.io/alias': `alias-${index}` } },
      alias: `alias-${index}`,
      origin,
      commits,
      images,
      status: {},
    },
  };
}

export const collectionId = (f: FleetFreight) => collectionOf(f.name);

const METRICS = ['http-success-rate', 'smoke-test'];

/** An AnalysisRun as Kargo creates it and Argo Rollouts completes it. */
export function analysisRun(o: {
  project: string;
  stage: string;
  freight: FleetFreight;
  minutes: number;
  phase: 'Successful' | 'Failed' | 'Running';
}): Obj {
  const coll = collectionId(o.freight);
  const name = `${o.stage}.${sha1(`${o.project}/${o.stage}/${o.minutes}`).slice(0, 26)}.${coll}`;
  const terminal = o.phase !== 'Running';
  const metricResults = METRICS.map((m, i) => {
    const failed = o.phase === 'Failed' && i === 0;
    let phase = 'Running';
    if (terminal) phase = failed ? 'Failed' : 'Successful';
    return {
      name: m,
      phase,
      ...(failed ? { message: `Metric "${m}" assessed Failed due to failed (1) > failureLimit (0)` } : {}),
      measurements: [0, 1, 2].map(k => ({
        phase: k === 2 ? phase : 'Successful',
        startedAt: at(o.minutes + k),
        ...(terminal || k < 2 ? { finishedAt: at(o.minutes + k), value: '[0.998]' } : {}),
      })),
      count: 3,
      successful: failed || !terminal ? 2 : 3,
      ...(failed ? { failed: 1 } : {}),
    };
  });
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'AnalysisRun',
    metadata: {
      ...meta(name, o.project, o.minutes),
      labels: { 'kargo.akuity.io/stage': o.stage, 'kargo.akuity.io/freight-collection': coll },
      ownerReferences: [
        { apiVersion: 'kargo.akuity.io/v1alpha1', kind: 'Freight', name: o.freight.name, uid: o.freight.object.metadata.uid },
      ],
    },
    spec: {
      metrics: METRICS.map(successRateMetric),
      args: [{ name: 'stage', value: o.stage }],
    },
    status: {
      phase: o.phase,
      startedAt: at(o.minutes),
      ...(terminal ? { completedAt: at(o.minutes + 3) } : {}),
      metricResults,
      runSummary: { count: METRICS.length },
    },
  };
}

/** The steps of a Stage that promotes through a pull request. */
export function pullRequestSteps(stageName: string): Obj[] {
  const target = `stage/${stageName}`;
  return [
    { uses: 'git-clone', config: { repoURL: '${{ vars.repoURL }}', checkout: [{ branch: 'main', path: './src' }, { branch: target, create: true, path: './out' }] } },
    { uses: 'kustomize-build', config: { path: `./src/env/${stageName}`, outPath: './out/manifests.yaml' } },
    { uses: 'git-commit', as: 'commit', config: { path: './out', message: 'promote' } },
    { uses: 'git-push', as: 'push', config: { path: './out', generateTargetBranch: true } },
    { uses: 'git-open-pr', as: 'open-pr', config: { repoURL: '${{ vars.repoURL }}', sourceBranch: '${{ outputs.push.branch }}', targetBranch: target } },
    { uses: 'git-wait-for-pr', as: 'wait-for-pr', config: { repoURL: '${{ vars.repoURL }}', prNumber: "${{ outputs['open-pr'].pr.id }}" } },
  ];
}

export function promotion(o: {
  project: string;
  stage: string;
  name: string;
  freight: FleetFreight;
  minutes: number;
  steps: Obj[];
  phase: 'Succeeded' | 'Failed' | 'Running';
  pr?: { id: number; url: string; merged: boolean };
}): Obj {
  const done = o.phase !== 'Running';
  const reached = o.phase === 'Failed' ? 4 : 5;
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Promotion',
    metadata: meta(o.name, o.project, o.minutes),
    spec: { stage: o.stage, freight: o.freight.name, steps: o.steps },
    status: {
      phase: o.phase,
      freight: o.freight.ref,
      startedAt: at(o.minutes),
      ...(done ? { finishedAt: at(o.minutes + 4) } : {}),
      currentStep: reached,
      stepExecutionMetadata: o.steps.slice(0, reached + 1).map((s, i) => ({
        alias: s.as ?? `step-${i + 1}`,
        startedAt: at(o.minutes),
        ...(i < reached || done ? { finishedAt: at(o.minutes + 1) } : {}),
        status: i < reached ? 'Succeeded' : o.phase,
      })),
      // A Promotion that failed at git-open-pr keeps no state: its PR is orphaned.
      ...(o.pr
        ? {
            state: {
              push: { branch: `kargo/promotion/${o.name}`, commit: sha1(o.name) },
              'open-pr': { pr: { id: o.pr.id, url: o.pr.url } },
              'wait-for-pr': { pr: { id: o.pr.id, url: o.pr.url, open: !o.pr.merged, merged: o.pr.merged } },
            },
          }
        : {}),
    },
  };
}

export function stage(o: { project: string; name: string; repoURL: string; status: Obj; upstream?: string }): Obj {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Stage',
    metadata: meta(o.name, o.project, 0),
    spec: {
      vars: [{ name: 'repoURL', value: o.repoURL }],
      requestedFreight: [
        { origin: { kind: 'Warehouse', name: o.project }, sources: o.upstream ? { stages: [o.upstream] } : { direct: true } },
      ],
      promotionTemplate: { spec: { steps: pullRequestSteps(o.name) } },
      verification: { analysisTemplates: [{ name: 'verification' }], args: [{ name: 'stage', value: o.name }] },
    },
    status: {
      observedGeneration: 1,
      health: { status: 'Healthy' },
      conditions: [condition('Ready', 'Ready', 60), condition('Healthy', 'Healthy', 60)],
      ...o.status,
    },
  };
}
