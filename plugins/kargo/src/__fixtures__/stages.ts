import type {
  EntityStagesResponse,
  StageDetail,
  VerificationEntry,
} from '@kargo-backstage/plugin-kargo-common';

/** Realistic answers of the Kargo backend, after the demo scenarios. */

const FRESH = '2026-11-30T10:50:00Z';

export function verification(
  overrides: Partial<VerificationEntry> = {},
): VerificationEntry {
  return {
    id: 'a1b2c3d4-0000-0000-0000-000000000001',
    analysisRun: { name: 'staging.01jd0000.aa11', namespace: 'checkout' },
    freightCollectionId: 'fc-current',
    freight: { name: '1f2e3d4c5b6a', alias: 'brave-otter' },
    phase: 'Successful',
    recordedPhase: 'Successful',
    stale: false,
    startTime: '2026-11-30T10:30:00Z',
    finishTime: '2026-11-30T10:33:20Z',
    message: null,
    actor: 'user:default/alice',
    metrics: [],
    current: true,
    ...overrides,
  };
}

export function stage(overrides: Partial<StageDetail> = {}): StageDetail {
  const project = overrides.project ?? 'checkout';
  const name = overrides.name ?? 'staging';
  return {
    instance: 'production',
    project,
    name,
    phase: 'Ready',
    health: 'Healthy',
    currentFreight: {
      name: '1f2e3d4c5b6a',
      alias: 'brave-otter',
      origin: 'Warehouse/checkout',
      commits: [
        {
          repoURL: 'https://github.com/acme/checkout-deploy',
          id: '8c1e5f0a9b7d6c5e4f3a2b1c0d9e8f7a6b5c4d3e',
          tag: 'v1.4.2',
          branch: null,
          message: 'release 1.4.2',
        },
      ],
      images: [
        { repoURL: 'ghcr.io/acme/checkout', tag: '1.4.2', digest: null },
      ],
      charts: [
        {
          repoURL: 'oci://ghcr.io/acme/charts',
          name: 'checkout',
          version: '0.9.1',
        },
      ],
    },
    verificationPhase: 'Successful',
    verificationStale: false,
    verificationCounts: { total: 1, failed: 0, running: 0, successful: 1 },
    openPullRequests: 0,
    actions: {
      reverify: { allowed: true, reason: null },
      abort: { allowed: false, reason: 'No verification is running.' },
    },
    kargoUrl: `https://kargo.example.com/project/${project}/stage/${name}`,
    error: null,
    verifications: [verification()],
    pullRequests: [],
    pullRequestErrors: [],
    lastUpdated: FRESH,
    stale: false,
    ...overrides,
  };
}

/** The stale bug: three superseded runs Kargo still records as Running/Pending. */
export const staleStaging = stage({
  verificationStale: true,
  verificationCounts: { total: 4, failed: 3, running: 0, successful: 1 },
  verifications: [
    verification(),
    ...(['Running', 'Pending', 'Running'] as const).map((recorded, i) =>
      verification({
        id: `a1b2c3d4-0000-0000-0000-00000000010${i}`,
        analysisRun: {
          name: `staging.01jc000${i}.bb${i}`,
          namespace: 'checkout',
        },
        freightCollectionId: `fc-old-${i}`,
        freight: { name: `0ab${i}`, alias: `old-freight-${i}` },
        phase: 'Failed',
        recordedPhase: recorded,
        stale: true,
        startTime: `2026-11-30T09:3${i}:00Z`,
        finishTime: '2026-11-30T10:42:00Z',
        actor: null,
        current: false,
      }),
    ),
  ],
});

/** A Stage whose current verification really is running. */
export const runningTest = stage({
  project: 'payments',
  name: 'test',
  phase: 'Verifying',
  verificationPhase: 'Running',
  verifications: [
    verification({
      analysisRun: { name: 'test.01jd0000.cc11', namespace: 'payments' },
      phase: 'Running',
      recordedPhase: 'Running',
      finishTime: null,
    }),
  ],
  actions: {
    reverify: {
      allowed: false,
      reason: 'The current verification is still Running.',
    },
    abort: { allowed: true, reason: null },
  },
});

/** A Stage with a tracked PR #42 and an orphaned PR #41. */
export const prodWithOrphan = stage({
  name: 'prod',
  openPullRequests: 2,
  pullRequests: [42, 41].map(number => ({
    provider: 'github' as const,
    repoUrl: 'https://github.com/acme/checkout-deploy',
    number,
    title:
      number === 42
        ? 'Promote brave-otter to prod'
        : 'Promote calm-lynx to prod',
    url: `https://github.com/acme/checkout-deploy/pull/${number}`,
    state: 'open' as const,
    sourceBranch: `kargo/promotion/prod.01jd${number}`,
    targetBranch: 'main',
    author: 'kargo-bot',
    createdAt: '2026-11-27T10:00:00Z',
    promotion: number === 42 ? 'prod.01jd42' : null,
    orphaned: number === 41,
    fromFork: false,
    ...(number === 41 ? { closable: 'closeAndDeleteBranch' as const } : {}),
  })),
});

/** A Stage Kargo could not read, and whose Git provider failed. */
export const brokenStage = stage({
  name: 'broken',
  phase: 'Unknown',
  health: null,
  currentFreight: null,
  verifications: [],
  error: 'Stage status could not be read: unexpected freightHistory layout',
  pullRequestErrors: [
    {
      repoUrl: 'https://github.com/acme/checkout-deploy',
      message: 'GitHub answered 401 Bad credentials',
      rateLimitedUntil: null,
    },
  ],
});

/** 14 runs, more than one page. */
export const longHistory = stage({
  project: 'payments',
  name: 'perf',
  verifications: Array.from({ length: 14 }, (_, i) =>
    verification({
      id: `perf-${i}`,
      analysisRun: {
        name: `perf.run-${String(14 - i).padStart(2, '0')}`,
        namespace: 'payments',
      },
      current: i === 0,
      recordedPhase: i < 10 ? 'Successful' : null,
    }),
  ),
});

/** A stand-in for the backend's opaque channel of a project (an HMAC there). */
export function fakeSignalChannel(instance: string, project: string): string {
  return `kargo:test-${instance}-${project}`;
}

export function entityResponse(
  items: StageDetail[],
  overrides: Partial<EntityStagesResponse> = {},
): EntityStagesResponse {
  const signalChannels = [
    ...new Set(items.map(s => fakeSignalChannel(s.instance, s.project))),
  ];
  return {
    items,
    errors: [],
    lastUpdated: FRESH,
    stale: false,
    signalChannels,
    ...overrides,
  };
}
