import request from 'supertest';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import type {
  StageDetail,
  StageListResponse,
} from '@kargo-backstage/plugin-kargo-common';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from './__testUtils__/harness';

const KARGO_API = /^\/apis?\//;
const GITHUB_REPO = 'https://github.com/acme/checkout-deploy';
const GITLAB_REPO = 'https://gitlab.example.com/payments/deploy';

// Backend start-up on a shared, loaded machine can take several seconds.
jest.setTimeout(45_000);

describe('the backend under cluster and Git provider faults', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;

  beforeAll(async () => {
    sandbox = await startSecretSandbox();
    // A hanging cluster request is given up after 800 ms.
    // Poll mode: per-namespace LISTs, so one namespace can fail on its own
    // (live.test.ts covers the watch).
    backend = await startReliabilityBackend({
      sandbox,
      requestTimeoutMs: 800,
      config: kargoConfig(sandbox, 1, 'poll'),
    });
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });
  afterEach(() => {
    sandbox.faults.clear();
    sandbox.git.clearFaults();
  });

  const get = async <T>(path: string): Promise<T> => {
    const res = await request(backend.server)
      .get(`/api/kargo${path}`)
      .set('Authorization', userHeader());
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.body as T;
  };
  const stage = (project: string, name: string) =>
    get<StageDetail>(`/projects/${project}/stages/${name}`);
  const list = (project: string) =>
    get<StageListResponse>(`/projects/${project}/stages`);

  /** A fresh baseline: the next refresh succeeds and serves stale false. */
  async function fresh(): Promise<StageDetail> {
    await backend.refresh();
    const detail = await stage('checkout', 'staging');
    expect(detail.stale).toBe(false);
    return detail;
  }

  /** Under a fault: last data kept, stale true, lastUpdated unchanged; then recovery. */
  async function survives(inject: () => void) {
    const before = await fresh();
    inject();
    await expect(backend.refresh()).resolves.toBeUndefined();
    const during = await stage('checkout', 'staging');
    expect(during.stale).toBe(true);
    expect(during.lastUpdated).toBe(before.lastUpdated);
    expect(during.verifications).toEqual(before.verifications);
    const listed = await list('payments');
    expect(listed.stale).toBe(true);
    expect(listed.items.map(s => s.name)).toEqual(
      expect.arrayContaining(['test', 'qa', 'uat', 'perf', 'prod']),
    );
    // The process is alive and healthy throughout.
    expect(
      (await request(backend.server).get('/api/kargo/health')).status,
    ).toBe(200);

    sandbox.faults.clear();
    await backend.refresh();
    const after = await stage('checkout', 'staging');
    expect(after.stale).toBe(false);
    expect(Date.parse(after.lastUpdated!)).toBeGreaterThan(
      Date.parse(before.lastUpdated!),
    );
    return { before, during, after };
  }

  it('serves the last snapshot while the cluster answers 500', async () => {
    const { before, during, after } = await survives(() =>
      sandbox.faults.set({ path: KARGO_API, status: 500 }),
    );
    expect(during).toMatchObject({
      stale: true,
      lastUpdated: before.lastUpdated,
    });
    expect(after.stale).toBe(false);
  });

  it('serves the last snapshot while the cluster resets connections', async () => {
    const { before, during, after } = await survives(() =>
      sandbox.faults.set({ path: KARGO_API, reset: true }),
    );
    expect(during).toMatchObject({
      stale: true,
      lastUpdated: before.lastUpdated,
    });
    expect(after.stale).toBe(false);
  });

  it('serves the last snapshot while the cluster never answers (client timeout)', async () => {
    const { before, during, after } = await survives(() =>
      sandbox.faults.set({ path: KARGO_API, hang: true }),
    );
    expect(during).toMatchObject({
      stale: true,
      lastUpdated: before.lastUpdated,
    });
    expect(after.stale).toBe(false);
  });

  it('serves the last snapshot while the cluster answers 503 after a delay', async () => {
    const { before, during, after } = await survives(() =>
      sandbox.faults.set({ path: KARGO_API, status: 503, delayMs: 300 }),
    );
    expect(during).toMatchObject({
      stale: true,
      lastUpdated: before.lastUpdated,
    });
    expect(after.stale).toBe(false);
  });

  it('stays fresh under latency below the timeout', async () => {
    await fresh();
    sandbox.faults.set({ path: KARGO_API, delayMs: 150 });
    await backend.refresh();
    expect((await stage('checkout', 'staging')).stale).toBe(false);
  });

  it('marks only the failing project stale when one namespace fails', async () => {
    const before = await fresh();
    sandbox.faults.set({ path: /\/namespaces\/checkout\//, status: 500 });
    await backend.refresh();
    const checkout = await stage('checkout', 'staging');
    expect(checkout).toMatchObject({
      stale: true,
      lastUpdated: before.lastUpdated,
    });
    expect((await list('payments')).stale).toBe(false);
  });

  it('confines a GitHub rate limit (403 with reset headers) to the Stages of that repository', async () => {
    const before = await fresh();
    // Far enough ahead that the next refresh surely comes before it.
    const reset = Math.floor(Date.now() / 1000) + 4;
    sandbox.git.setFault({
      provider: 'github',
      status: 403,
      headers: {
        'x-ratelimit-limit': '5000',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': String(reset),
      },
      body: { message: 'API rate limit exceeded' },
    });
    await backend.refresh();
    const prod = await stage('checkout', 'prod');
    expect(prod.stale).toBe(false);
    expect(prod.pullRequestErrors).toEqual([
      expect.objectContaining({
        repoUrl: GITHUB_REPO,
        rateLimitedUntil: expect.any(String),
      }),
    ]);
    // Verification data is untouched by the Git outage.
    expect((await stage('checkout', 'staging')).verifications).toEqual(
      before.verifications,
    );
    for (const name of ['test', 'qa', 'uat', 'perf', 'prod']) {
      expect((await stage('payments', name)).pullRequestErrors).toEqual([]);
    }
    // Until the announced reset the provider is not asked again.
    sandbox.git.clearFaults();
    sandbox.faults.resetCounts();
    await backend.refresh();
    expect(sandbox.faults.counts().github).toBe(0);
    expect((await stage('checkout', 'prod')).pullRequestErrors).toHaveLength(1);
    // After it, the provider is asked again and the Stages recover.
    await new Promise(r =>
      setTimeout(r, Math.max(0, reset * 1000 - Date.now()) + 1100),
    );
    await backend.refresh();
    const recovered = await stage('checkout', 'prod');
    expect(recovered.pullRequestErrors).toEqual([]);
    expect(recovered.pullRequests.map(pr => pr.number).sort()).toEqual([
      41, 42,
    ]);
  });

  it('confines a GitHub 429 with Retry-After to that repository', async () => {
    await fresh();
    sandbox.git.setFault({
      provider: 'github',
      status: 429,
      headers: { 'retry-after': '1' },
      body: { message: 'You have exceeded a secondary rate limit' },
    });
    await backend.refresh();
    const prod = await stage('checkout', 'prod');
    expect(prod.pullRequestErrors).toEqual([
      expect.objectContaining({
        repoUrl: GITHUB_REPO,
        rateLimitedUntil: expect.any(String),
      }),
    ]);
    expect((await stage('payments', 'prod')).pullRequestErrors).toEqual([]);
    sandbox.git.clearFaults();
    await new Promise(r => setTimeout(r, 2100));
    await backend.refresh();
    expect((await stage('checkout', 'prod')).pullRequestErrors).toEqual([]);
  });

  it('confines a GitLab 502 to the Stages of the GitLab repository', async () => {
    const before = await stage('payments', 'qa');
    sandbox.faults.set({
      path: /^\/gitlab\//,
      status: 502,
      body: { message: '502 Bad Gateway' },
    });
    await backend.refresh();
    const qa = await stage('payments', 'qa');
    expect(qa.stale).toBe(false);
    expect(qa.verifications).toEqual(before.verifications);
    const prod = await stage('payments', 'prod');
    expect(prod.pullRequestErrors).toEqual([
      expect.objectContaining({ repoUrl: GITLAB_REPO }),
    ]);
    // The last good answer is kept while the provider fails.
    expect(prod.pullRequests.length).toBeGreaterThan(0);
    expect((await stage('checkout', 'prod')).pullRequestErrors).toEqual([]);
    sandbox.faults.clear();
    await backend.refresh();
    expect((await stage('payments', 'prod')).pullRequestErrors).toEqual([]);
  });
});
