/**
 * The fleet's profile of the shared Kargo object builders
 * (@kargo-backstage/kargo-test-objects): lean objects (no optional fields the
 * plugin does not read) on the fleet's clock, so they pass the sandbox's
 * strict CRD validation and thousands of them load quickly.
 */
import {
  BuiltFreight,
  collectionId as collectionOf,
  kargoObjects,
  Obj,
  sha1,
  uuid,
} from '@kargo-backstage/kargo-test-objects';

export { sha1, uuid };
export type { Obj };

const fleet = kargoObjects({
  epoch: '2026-06-01T00:00:00Z',
  uid: (_kind, name, namespace) => uuid(`${namespace}/${name}`),
  lean: true,
});

/** RFC 3339 time `minutes` after the fleet's epoch. */
export const at = fleet.at;

export const project = (name: string): Obj => fleet.project(name, 0);

/** One Freight of the project's Warehouse, and its FreightReference. */
export type FleetFreight = BuiltFreight;

export function freight(p: string, index: number, repoURL: string): FleetFreight {
  const tag = `v1.${index}.0`;
  const image = `ghcr.io/acme/${p}`;
  const commit = sha1(`${repoURL}@${tag}`);
  return fleet.freight({
    project: p,
    warehouse: p,
    alias: `alias-${index}`,
    image,
    tag,
    repoURL,
    message: `release ${tag}`,
    minutes: index * 600,
    commit,
    digest: `sha256:${sha1(tag)}${sha1(image).slice(0, 24)}`,
    name: sha1(`Warehouse/${p}:${repoURL}#${commit}|${image}:${tag}`),
  });
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
  return fleet.analysisRun({
    ...o,
    metrics: METRICS,
    failures: o.phase === 'Failed' ? { [METRICS[0]]: 'failed' } : undefined,
    runId: sha1(`${o.project}/${o.stage}/${o.minutes}`).slice(0, 26),
  });
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
  const { pr, ...rest } = o;
  return fleet.promotion({
    ...rest,
    reached: o.phase === 'Failed' ? 4 : 5,
    // A Promotion that failed at git-open-pr keeps no state: its PR is orphaned.
    state: pr && {
      push: { branch: `kargo/promotion/${o.name}`, commit: sha1(o.name) },
      'open-pr': { pr: { id: pr.id, url: pr.url } },
      'wait-for-pr': { pr: { id: pr.id, url: pr.url, open: !pr.merged, merged: pr.merged } },
    },
  });
}

export function stage(o: { project: string; name: string; repoURL: string; status: Obj; upstream?: string }): Obj {
  return fleet.stage({
    project: o.project,
    name: o.name,
    minutes: 0,
    warehouse: o.project,
    upstream: o.upstream,
    repoURL: o.repoURL,
    steps: pullRequestSteps(o.name),
    templates: ['verification'],
    status: {
      health: { status: 'Healthy' },
      conditions: [
        fleet.condition('Ready', 'True', 'Ready', 'Ready', 60),
        fleet.condition('Healthy', 'True', 'Healthy', 'Healthy', 60),
      ],
      ...o.status,
    },
  });
}
