/**
 * Snapshots shaped like the demo scenarios of the Kargo sandbox
 * (packages/kargo-sandbox/fixtures/demo), as the Kargo backend serves them.
 */
import type {
  InstanceSnapshot,
  SnapshotResponse,
  StageSummary,
} from '@kargo-backstage/plugin-kargo-common';

const KARGO_URL = 'http://127.0.0.1:7008/kargo';

export function stageSummary(
  partial: Partial<StageSummary> & Pick<StageSummary, 'project' | 'name'>,
): StageSummary {
  return {
    instance: 'sandbox',
    phase: 'Ready',
    health: 'Healthy',
    currentFreight: null,
    verificationPhase: 'Successful',
    verificationStale: false,
    verificationCounts: { total: 1, failed: 0, running: 0, successful: 1 },
    openPullRequests: 0,
    actions: {
      reverify: { allowed: true, reason: null },
      abort: { allowed: false, reason: 'No verification is running' },
    },
    kargoUrl: `${KARGO_URL}/project/${partial.project}/stage/${partial.name}`,
    error: null,
    ...partial,
  };
}

export const demoStages: StageSummary[] = [
  stageSummary({ project: 'checkout', name: 'dev' }),
  stageSummary({
    project: 'checkout',
    name: 'staging',
    verificationStale: true,
    verificationCounts: { total: 4, failed: 3, running: 0, successful: 1 },
  }),
  stageSummary({
    project: 'checkout',
    name: 'prod',
    verificationPhase: 'None',
    verificationCounts: { total: 0, failed: 0, running: 0, successful: 0 },
    openPullRequests: 2,
    openPullRequestUrls: [
      'https://github.com/acme/checkout-deploy/pull/42',
      'https://github.com/acme/checkout-deploy/pull/41',
    ],
  }),
  stageSummary({
    project: 'payments',
    name: 'test',
    verificationPhase: 'Running',
    verificationCounts: { total: 1, failed: 0, running: 1, successful: 0 },
  }),
  stageSummary({
    project: 'payments',
    name: 'qa',
    phase: 'Failed',
    verificationPhase: 'Failed',
    verificationCounts: { total: 3, failed: 3, running: 0, successful: 0 },
  }),
  stageSummary({ project: 'payments', name: 'uat' }),
  stageSummary({ project: 'payments', name: 'perf' }),
  stageSummary({
    project: 'payments',
    name: 'prod',
    verificationPhase: 'None',
    openPullRequests: 1,
    openPullRequestUrls: [
      'https://gitlab.example.com/payments/deploy/-/merge_requests/7',
    ],
  }),
];

export function instanceSnapshot(
  partial: Partial<InstanceSnapshot> = {},
): InstanceSnapshot {
  return {
    instance: 'sandbox',
    kargoUrl: KARGO_URL,
    lastUpdated: '2026-11-30T12:00:00.000Z',
    stale: false,
    error: null,
    projects: ['checkout', 'payments'],
    stages: demoStages,
    ...partial,
  };
}

export function snapshot(...instances: InstanceSnapshot[]): SnapshotResponse {
  return { instances: instances.length ? instances : [instanceSnapshot()] };
}
