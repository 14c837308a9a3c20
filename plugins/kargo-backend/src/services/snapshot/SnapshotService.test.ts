import { mockServices } from '@backstage/backend-test-utils';
import type { CacheService } from '@backstage/backend-plugin-api';
import { ServiceUnavailableError } from '@backstage/errors';
import { startSandbox, type Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  createKubeConfig,
  KubernetesKargoClusterClient,
  RateLimitedError,
  withListingRules,
  type KargoClusterClient,
  type KargoService,
  type PullRequestService,
} from '@kargo-backstage/plugin-kargo-node';
import type {
  AnalysisRun,
  OpenPullRequest,
} from '@kargo-backstage/plugin-kargo-common';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { SnapshotService } from './SnapshotService';
import { SnapshotStore } from './SnapshotStore';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

const CHECKOUT_REPO = 'https://github.com/acme/checkout-deploy';

/** The real client on the sandbox, counting calls and failing on demand. */
function flakyClient(inner: KubernetesKargoClusterClient) {
  const calls: string[] = [];
  const failing = { all: false, projects: new Set<string>() };
  const guard = (method: string, project?: string) => {
    calls.push(project ? `${method} ${project}` : method);
    if (failing.all || (project && failing.projects.has(project))) {
      throw new ServiceUnavailableError(
        `Kargo instance 'sandbox': cannot reach the cluster (ECONNREFUSED)`,
      );
    }
  };
  const wrap =
    <A extends [string, ...unknown[]], R>(
      method: string,
      fn: (...args: A) => Promise<R>,
    ) =>
    async (...args: A): Promise<R> => {
      guard(method, args[0]);
      return fn(...args);
    };
  const client: KargoClusterClient = {
    instance: inner.instance,
    listProjects: async () => {
      guard('listProjects');
      return inner.listProjects();
    },
    listStages: wrap('listStages', p => inner.listStages(p)),
    listFreight: wrap('listFreight', p => inner.listFreight(p)),
    listPromotions: wrap('listPromotions', p => inner.listPromotions(p)),
    listAnalysisRuns: wrap(
      'listAnalysisRuns',
      (p: string, s?: string, select?: (r: AnalysisRun) => AnalysisRun) =>
        inner.listAnalysisRuns(p, s, select),
    ),
    getStage: wrap('getStage', (p: string, n: string) => inner.getStage(p, n)),
    getAnalysisRun: wrap('getAnalysisRun', (p: string, n: string) =>
      inner.getAnalysisRun(p, n),
    ),
    getPromotion: wrap('getPromotion', (p: string, n: string) =>
      inner.getPromotion(p, n),
    ),
    patchStageAnnotations: wrap(
      'patch',
      inner.patchStageAnnotations.bind(inner),
    ),
    patchPromotionAnnotations: wrap(
      'patch',
      inner.patchPromotionAnnotations.bind(inner),
    ),
    createPromotion: wrap('createPromotion', inner.createPromotion.bind(inner)),
  };
  return { client, calls, failing };
}

/** Waits until a call was made (the rebuild after a pull-request change is not awaited). */
async function eventuallyCalled(calls: string[], call: string) {
  while (!calls.includes(call))
    await new Promise(resolve => setTimeout(resolve, 10));
  await new Promise(resolve => setTimeout(resolve, 10));
}

function memoryCache(): CacheService {
  const data = new Map<string, any>();
  const cache: CacheService = {
    get: async key => data.get(key),
    set: async (key, value) => void data.set(key, value),
    delete: async key => void data.delete(key),
    withOptions: () => cache,
  };
  return cache;
}

describe('SnapshotService', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, controller: false });
  });
  afterAll(() => sandbox.stop());

  function setup(options: { cache?: CacheService | null } = {}) {
    const inner = new KubernetesKargoClusterClient({
      instance: { name: 'sandbox', kargoUrl: 'https://kargo.example.com' },
      kubeConfig: createKubeConfig({
        name: 'sandbox',
        url: sandbox.url,
        authProvider: 'serviceAccount',
        serviceAccountToken: 'any',
        skipTLSVerify: false,
        kargoUrl: null,
      }),
    });
    const flaky = flakyClient(inner);
    const repoFailures = new Map<string, Error>();
    const listOpenPullRequests = jest.fn(
      async (repoUrl: string): Promise<OpenPullRequest[]> => {
        const failure = repoFailures.get(repoUrl);
        if (failure) throw failure;
        return [];
      },
    );
    const pullRequests: PullRequestService = withListingRules({
      listOpenPullRequests,
      openOrReclaim: jest.fn(),
    });
    const kargo: KargoService = {
      listInstances: () => [inner.instance],
      cluster: () => flaky.client,
      kargoApi: () => {
        throw new Error('reads never call the Kargo API');
      },
      writeMode: () => 'none',
      pullRequests,
    };
    const service = new SnapshotService(
      kargo,
      new SnapshotStore(
        options.cache === null ? undefined : options.cache ?? memoryCache(),
        60_000,
        0,
      ),
      mockServices.logger.mock(),
    );
    return { service, flaky, listOpenPullRequests, repoFailures };
  }

  it('reads each project with one LIST per kind, never a request per Stage', async () => {
    const { service, flaky } = setup();
    await service.refreshAll();
    // The pull-request listings that follow re-read the projects they touch
    // (no list is held between reads): the same LISTs again, never per Stage.
    expect([...new Set(flaky.calls)].sort()).toEqual(
      [
        'listProjects',
        ...['checkout', 'payments'].flatMap(p =>
          [
            'listStages',
            'listFreight',
            'listPromotions',
            'listAnalysisRuns',
          ].map(m => `${m} ${p}`),
        ),
      ].sort(),
    );
    const state = await service.getInstance('sandbox');
    expect(state.projects.checkout.stages.map(s => s.name)).toEqual([
      'dev',
      'prod',
      'staging',
    ]);
    expect(state.projects.payments.stages).toHaveLength(5);
    expect(state).toMatchObject({ stale: false, error: null });
  });

  it('keeps no Kargo object as read once its Stages are built: memory follows the snapshot, not the fleet', async () => {
    const { service, flaky } = setup();
    // Every Stage and Promotion the refresh reads, watched without being held.
    const read: WeakRef<object>[] = [];
    let tracking = true;
    const track = <T extends object>(items: T[]) => {
      if (tracking) read.push(...items.map(item => new WeakRef(item)));
      return items;
    };
    const { listStages, listPromotions } = flaky.client;
    flaky.client.listStages = async p => track(await listStages(p));
    flaky.client.listPromotions = async p => track(await listPromotions(p));
    await service.refreshAll();
    tracking = false;
    const state = await service.getInstance('sandbox');
    expect(state.projects.checkout.stages).toHaveLength(3);
    expect(read.length).toBeGreaterThan(8);
    // WeakRefs hold their target until the current job ends; then a full GC.
    await new Promise(resolve => setImmediate(resolve));
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
    expect(read.filter(ref => ref.deref() !== undefined)).toHaveLength(0);
  });

  it('lists the pull requests of each repository once per refresh', async () => {
    const { service, listOpenPullRequests } = setup();
    await service.refreshAll();
    const repos = listOpenPullRequests.mock.calls.map(([repo]) => repo);
    expect(repos).toContain(CHECKOUT_REPO);
    expect(new Set(repos).size).toBe(repos.length);
    await service.refreshAll();
    expect(listOpenPullRequests).toHaveBeenCalledTimes(repos.length * 2);
  });

  it('a webhook re-lists only a repository a Stage shows: a forged event naming another repository costs no Git request', async () => {
    const { service, listOpenPullRequests } = setup();
    await service.refreshAll();
    listOpenPullRequests.mockClear();
    await service.refreshRepository(
      'https://github.com/someone-else/private-repo',
    );
    expect(listOpenPullRequests).not.toHaveBeenCalled();
    await service.refreshRepository(CHECKOUT_REPO);
    expect(listOpenPullRequests.mock.calls.map(([repo]) => repo)).toEqual([
      CHECKOUT_REPO,
    ]);
  });

  it('a listing that changed builds only the pull-request parts of its Stages again: each keeps the verification history it had', async () => {
    // No shared cache: the served objects are the ones built.
    const { service, flaky, listOpenPullRequests } = setup({ cache: null });
    await service.refreshAll();
    const before = await service.getInstance('sandbox');
    const prodBefore = before.projects.checkout.stages.find(
      s => s.name === 'prod',
    )!;
    const promotion = (await flaky.client.listPromotions('checkout')).find(
      p => p.spec?.stage === 'prod',
    )!;
    listOpenPullRequests.mockImplementation(async (repoUrl: string) =>
      repoUrl === CHECKOUT_REPO
        ? [
            {
              provider: 'github',
              repoUrl,
              number: 77,
              title: 'Promote to prod',
              url: `${repoUrl}/pull/77`,
              state: 'open',
              sourceBranch: `kargo/promotion/${promotion.metadata!.name}`,
              targetBranch: 'stage/prod',
              headSha: 'a'.repeat(40),
              author: 'kargo-bot',
              createdAt: '2026-12-01T10:00:00Z',
            },
          ]
        : [],
    );
    await service.refreshRepository(CHECKOUT_REPO);
    let prod = prodBefore;
    while (!prod.pullRequests.some(pr => pr.number === 77)) {
      await new Promise(resolve => setTimeout(resolve, 10));
      const state = await service.getInstance('sandbox');
      prod = state.projects.checkout.stages.find(s => s.name === 'prod')!;
    }
    expect(prod.openPullRequestUrls).toContain(`${CHECKOUT_REPO}/pull/77`);
    expect(prod.verifications).toBe(prodBefore.verifications);
    expect(prod.freightOptions).toBe(prodBefore.freightOptions);
    // The next read builds every Stage in full again, with the same result.
    await service.refreshAll();
    const after = await service.getInstance('sandbox');
    const prodAfter = after.projects.checkout.stages.find(
      s => s.name === 'prod',
    )!;
    const { lastUpdated: _a, ...full } = prodAfter;
    const { lastUpdated: _b, ...partial } = prod;
    expect(partial).toEqual(full);
  });

  it('puts a rate-limited repository on its Stages only', async () => {
    // (Waiting for the reset is the Git service's gate: kargo-node's tests.)
    const { service, repoFailures } = setup();
    const resetAt = new Date(Date.now() + 3_600_000);
    repoFailures.set(
      CHECKOUT_REPO,
      new RateLimitedError({ provider: 'GitHub', host: 'github.com', resetAt }),
    );
    await service.refreshAll();
    // The listing's Stages are rebuilt after it (not awaited by the refresh).
    let state = await service.getInstance('sandbox');
    while (
      state.projects.checkout.stages.some(s => s.pullRequestErrors.length === 0)
    ) {
      await new Promise(resolve => setTimeout(resolve, 10));
      state = await service.getInstance('sandbox');
    }
    const hhmm = resetAt.toISOString().slice(11, 16);
    for (const stage of state.projects.checkout.stages) {
      expect(stage.pullRequestErrors).toEqual([
        {
          repoUrl: CHECKOUT_REPO,
          message: `GitHub github.com: rate limited until ${hhmm} UTC`,
          rateLimitedUntil: resetAt.toISOString(),
          code: 'gitRateLimited',
          params: {
            provider: 'GitHub',
            host: 'github.com',
            resetTime: resetAt.toISOString(),
          },
        },
      ]);
    }
    for (const stage of state.projects.payments.stages) {
      expect(stage.pullRequestErrors).toEqual([]);
    }
  });

  it('keeps a failing project’s previous Stages with its error, and the other projects fresh', async () => {
    const { service, flaky } = setup();
    await service.refreshAll();
    flaky.failing.projects.add('payments');
    await service.refreshAll();
    const state = await service.getInstance('sandbox');
    expect(state.stale).toBe(false);
    expect(state.projects.checkout.error).toBeNull();
    expect(state.projects.payments.stages).toHaveLength(5);
    expect(state.projects.payments.error).toContain('cannot reach the cluster');
  });

  it('keeps the previous snapshot of a failing instance, marked stale', async () => {
    const { service, flaky } = setup();
    await service.refreshAll();
    const first = await service.getInstance('sandbox');
    flaky.failing.all = true;
    await service.refreshAll();
    const state = await service.getInstance('sandbox');
    expect(state).toMatchObject({
      stale: true,
      lastUpdated: first.lastUpdated,
    });
    expect(state.error).toContain('cannot reach the cluster');
    expect(state.projects.checkout.stages).toHaveLength(3);
  });

  it('a pull-request change never clears the stale mark of an instance that failed to read', async () => {
    const { service, flaky, repoFailures } = setup();
    await service.refreshAll();
    flaky.failing.all = true;
    await service.refreshAll();
    // A webhook re-lists a repository whose listing changed: its Stages are
    // rebuilt, which needs a Kargo read (no list is held), which fails.
    repoFailures.set(CHECKOUT_REPO, new Error('GitHub is down'));
    flaky.calls.length = 0;
    await service.refreshRepository(CHECKOUT_REPO);
    await eventuallyCalled(flaky.calls, 'listStages checkout');
    const state = await service.getInstance('sandbox');
    expect(state.stale).toBe(true);
    expect(state.error).toContain('cannot reach the cluster');
  });

  it('answers 503 when an instance was never read, and re-reads a single project on demand', async () => {
    const { service, flaky } = setup();
    flaky.failing.all = true;
    await expect(service.getInstance('sandbox')).rejects.toThrow(
      "Kargo instance 'sandbox' is unavailable and no data was gathered from it yet",
    );
    flaky.failing.all = false;
    await service.refreshAll();
    flaky.calls.length = 0;
    await service.refreshProject('sandbox', 'checkout');
    expect(flaky.calls.sort()).toEqual([
      'listAnalysisRuns checkout',
      'listFreight checkout',
      'listPromotions checkout',
      'listStages checkout',
    ]);
  });

  it('concurrent post-write refreshes cannot overwrite a newer snapshot in the shared cache', async () => {
    const { service, flaky } = setup();
    await service.refreshAll();
    const inner = flaky.client.listStages;
    // The first post-write refresh reads the Stages, then stalls (a slow page).
    let release!: () => void;
    const stalled = new Promise<void>(resolve => {
      release = resolve;
    });
    let read!: () => void;
    const hasRead = new Promise<void>(resolve => {
      read = resolve;
    });
    flaky.client.listStages = async (project: string) => {
      flaky.client.listStages = inner;
      const stages = await inner(project);
      read();
      await stalled;
      return stages;
    };
    const older = service.refreshProject('sandbox', 'checkout');
    await hasRead;
    await new Promise(r => setTimeout(r, 5));
    // Meanwhile a Stage is deleted and a later refresh reads that, and lands first.
    const stage = sandbox.registry.find(
      'kargo.akuity.io',
      'v1alpha1',
      'stages',
    )!;
    const dev = sandbox.store.get(stage, 'checkout', 'dev')!;
    sandbox.store.delete(stage, 'checkout', 'dev');
    try {
      await service.refreshProject('sandbox', 'checkout');
      release();
      await older;
      const state = await service.getInstance('sandbox');
      expect(state.projects.checkout.stages.map(s => s.name)).toEqual([
        'prod',
        'staging',
      ]);
    } finally {
      sandbox.load(dev);
    }
  });
});
