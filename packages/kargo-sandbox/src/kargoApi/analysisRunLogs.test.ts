import { DEMO_TOKENS } from '../kube/auth';
import { Sandbox, startSandbox } from '../sandbox';
import { DEMO_SMOKE_TEST_JOB } from '../demo/jobLogs';
import { signIn } from './__testUtils__/oidcLogin';

jest.setTimeout(60_000);

describe('AnalysisRun logs of the sandbox Kargo API', () => {
  let sandbox: Sandbox;
  let alice: string;
  let run: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ tokens: DEMO_TOKENS, stepDelayMs: 60_000 });
    alice = (await signIn(sandbox.oidcIssuer, 'alice@example.com', 'alice')).id_token;
    const type = sandbox.registry.find('argoproj.io', 'v1alpha1', 'analysisruns')!;
    run = sandbox.store
      .list(type, 'checkout')
      .find(r => (r.spec as any).metrics.some((m: any) => m.provider?.job))!.metadata.name;
  });
  afterAll(() => sandbox?.stop());

  const logs = (name: string, query: string, token = alice) =>
    fetch(`${sandbox.kargoApiUrl}/v1beta1/projects/checkout/analysis-runs/${name}/logs${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });

  it("streams the failed smoke test's logs as Kargo's SSE frames", async () => {
    const res = await logs(run, '?metricName=checkout-smoke-test&containerName=smoke-test');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const text = await res.text();
    expect(text.startsWith('data: 2026-11-28T15:10:58Z starting checkout smoke test')).toBe(true);
    expect(text).toContain('data: \n\n');
    expect(text).toContain('FAIL checkout-smoke-test');
  });

  it.each([
    ['', 500, 'internal server error'],
    ['?metricName=http-success-rate', 500, 'internal server error'],
    ['?metricName=checkout-smoke-test', 500, 'internal server error'],
  ])('answers %s as Kargo does (connect errors are 500s on REST)', async (query, status, error) => {
    const res = await logs(run, query);
    expect(res.status).toBe(status);
    expect(await res.json()).toEqual({ error });
  });

  it('answers an unknown run 404, and no token 401', async () => {
    const res = await logs('nope', '');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'AnalysisRun "nope" in namespace "checkout" not found' });
    expect((await logs(run, '', 'not-a-token')).status).toBe(401);
  });

  it('streams no lines for a gone job, and cuts a stream that breaks', async () => {
    const container = '?metricName=checkout-smoke-test&containerName=proxy';
    const saved = sandbox.jobLogs.get('checkout', DEMO_SMOKE_TEST_JOB, 'proxy')!;
    sandbox.jobLogs.delete('checkout', DEMO_SMOKE_TEST_JOB, 'proxy');
    const gone = await logs(run, container);
    expect(gone.status).toBe(200);
    expect(await gone.text()).toBe('');
    sandbox.jobLogs.set('checkout', DEMO_SMOKE_TEST_JOB, 'proxy', { lines: ['a', 'b', 'c'], breakAfter: 1 });
    const broken = await logs(run, container);
    await expect(broken.text()).rejects.toThrow();
    sandbox.jobLogs.set('checkout', DEMO_SMOKE_TEST_JOB, 'proxy', saved);
  });
});

describe('AnalysisRun logs when Kargo has no log streaming configured', () => {
  it('answers 501', async () => {
    const sandbox = await startSandbox({ tokens: DEMO_TOKENS, kargoApi: { analysisRunLogs: false } });
    try {
      const alice = (await signIn(sandbox.oidcIssuer, 'alice@example.com', 'alice')).id_token;
      const res = await fetch(`${sandbox.kargoApiUrl}/v1beta1/projects/checkout/analysis-runs/x/logs`, {
        headers: { authorization: `Bearer ${alice}` },
      });
      expect(res.status).toBe(501);
      expect(await res.json()).toEqual({ error: 'AnalysisRun log streaming is not configured' });
    } finally {
      await sandbox.stop();
    }
  });
});
