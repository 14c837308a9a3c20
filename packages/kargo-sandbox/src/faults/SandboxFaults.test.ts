import { startSandbox, type Sandbox } from '../sandbox';

const STAGES = '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout/stages';

describe('sandbox fault injection', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, controller: false });
  });
  afterAll(() => sandbox.stop());
  afterEach(() => {
    sandbox.faults.clear();
    sandbox.faults.resetCounts();
  });

  const get = (path: string, init?: RequestInit) =>
    fetch(`${sandbox.url}${path}`, init);

  it('answers a Kubernetes Status for an injected 500, then recovers after `times`', async () => {
    sandbox.faults.set({ path: /\/stages/, status: 500, times: 1 });
    const failed = await get(STAGES);
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({
      kind: 'Status',
      reason: 'InternalError',
      code: 500,
    });
    const ok = await get(STAGES);
    expect(ok.status).toBe(200);
    expect((await ok.json()).items.map((s: any) => s.metadata.name)).toContain(
      'staging',
    );
  });

  it('answers 410 Gone (Expired) on watch requests only', async () => {
    sandbox.faults.set({
      method: 'GET',
      path: /[?&]watch=(true|1)/,
      status: 410,
    });
    const watch = await get(`${STAGES}?watch=true&resourceVersion=1`);
    expect(watch.status).toBe(410);
    expect(await watch.json()).toMatchObject({ reason: 'Expired', code: 410 });
    expect((await get(STAGES)).status).toBe(200);
  });

  it('resets the connection', async () => {
    sandbox.faults.set({ path: /\/stages/, reset: true });
    await expect(get(STAGES)).rejects.toThrow();
  });

  it('holds a hanging request until the client gives up', async () => {
    sandbox.faults.set({ path: /\/stages/, hang: true });
    await expect(
      get(STAGES, { signal: AbortSignal.timeout(200) }),
    ).rejects.toThrow(/abort|timeout/i);
  });

  it('delays then answers normally with latency only', async () => {
    sandbox.faults.set({ path: /\/stages/, delayMs: 50, times: 1 });
    const res = await get(STAGES);
    expect(res.status).toBe(200);
    expect(sandbox.faults.requests()[0]).toMatchObject({ faulted: false });
  });

  it('applies to the Git fakes too, with custom headers and body', async () => {
    sandbox.faults.set({
      path: /^\/gitlab\//,
      status: 502,
      headers: { 'retry-after': '1' },
      body: { message: 'Bad Gateway' },
    });
    const res = await get(
      '/gitlab/api/v4/projects/payments%2Fdeploy/merge_requests',
    );
    expect(res.status).toBe(502);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toEqual({ message: 'Bad Gateway' });
  });

  it('counts every request per API, faulted or not', async () => {
    sandbox.faults.set({ path: /^\/github\//, status: 503, times: 1 });
    await get(STAGES);
    await get('/github/api/v3/repos/acme/checkout-deploy/pulls');
    await get('/gitlab/api/v4/projects/payments%2Fdeploy/merge_requests');
    await get('/bitbucket/2.0/repositories/acme/ledger-deploy/pullrequests');
    expect(sandbox.faults.counts()).toEqual({
      kubernetes: 1,
      github: 1,
      gitlab: 1,
      bitbucket: 1,
      sandbox: 0,
      total: 4,
    });
    expect(sandbox.faults.requests().map(r => r.faulted)).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });
});
