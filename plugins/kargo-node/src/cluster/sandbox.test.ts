import {
  DEMO_TOKENS,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import { createKubeConfig } from './kubeConfig';
import { KubernetesKargoClusterClient } from './KubernetesKargoClusterClient';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

function clientFor(sandbox: Sandbox, token: string, pageSize?: number) {
  return new KubernetesKargoClusterClient({
    instance: { name: 'sandbox', kargoUrl: null },
    kubeConfig: createKubeConfig({
      name: 'sandbox',
      url: sandbox.url,
      authProvider: 'serviceAccount',
      serviceAccountToken: token,
      skipTLSVerify: false,
      kargoUrl: null,
    }),
    pageSize,
  });
}

describe('KubernetesKargoClusterClient against the sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      tokens: DEMO_TOKENS,
      controller: false,
    });
  });
  afterAll(() => sandbox.stop());

  it('lists the demo projects and every AnalysisRun across pages', async () => {
    const client = clientFor(sandbox, 'sandbox-readonly-token', 5);
    expect(await client.listProjects()).toEqual(['checkout', 'payments']);
    const before = client.requestCount;
    const runs = await client.listAnalysisRuns(
      'payments',
      'kargo.akuity.io/stage=perf',
    );
    expect(runs).toHaveLength(14);
    expect(new Set(runs.map(r => r.metadata?.name)).size).toBe(14);
    // 14 runs at 5 per page: three requests.
    expect(client.requestCount - before).toBe(3);
  });

  it('restarts a LIST whose continue token expired (410) instead of failing it', async () => {
    const client = clientFor(sandbox, 'sandbox-readonly-token', 5);
    sandbox.faults.set({ path: /continue=/, status: 410, times: 1 });
    const runs = await client.listAnalysisRuns(
      'payments',
      'kargo.akuity.io/stage=perf',
    );
    expect(new Set(runs.map(r => r.metadata?.name)).size).toBe(14);
    expect(runs).toHaveLength(14);
  });

  it('applies a selection to every run of every page', async () => {
    const client = clientFor(sandbox, 'sandbox-readonly-token', 5);
    const seen: string[] = [];
    const runs = await client.listAnalysisRuns(
      'payments',
      'kargo.akuity.io/stage=perf',
      run => {
        seen.push(run.metadata!.name!);
        return { metadata: { name: run.metadata!.name } };
      },
    );
    expect(seen).toHaveLength(14);
    expect(runs).toEqual(seen.map(name => ({ metadata: { name } })));
  });

  it('reads a Stage and answers NotFoundError for a missing one', async () => {
    const client = clientFor(sandbox, 'sandbox-readonly-token');
    const stage = await client.getStage('checkout', 'staging');
    expect(stage.metadata?.name).toBe('staging');
    await expect(client.getStage('checkout', 'nope')).rejects.toMatchObject({
      name: 'NotFoundError',
    });
  });

  it('names the missing RBAC when a read-only service account patches', async () => {
    const client = clientFor(sandbox, 'sandbox-readonly-token');
    const error = await client
      .patchStageAnnotations('checkout', 'staging', {
        'kargo.akuity.io/refresh': 'x',
      })
      .catch(e => e);
    expect(error.name).toBe('ServiceUnavailableError');
    expect(error.message).toContain(
      "the service account of instance 'sandbox' may not patch stages 'staging' in 'checkout'",
    );
  });

  it('answers ServiceUnavailableError for a rejected token, without echoing it', async () => {
    const client = clientFor(sandbox, 'not-a-valid-token');
    const error = await client.listProjects().catch(e => e);
    expect(error.name).toBe('ServiceUnavailableError');
    expect(error.message).toContain('rejected the configured credentials');
    expect(error.message).not.toContain('not-a-valid-token');
  });

  it('writes a merge patch the sandbox applies, and conflicts on a stale resourceVersion', async () => {
    const client = clientFor(sandbox, 'sandbox-admin-token');
    const stage = await client.getStage('checkout', 'dev');
    const patched = await client.patchStageAnnotations(
      'checkout',
      'dev',
      { 'example.com/note': 'hello' },
      { resourceVersion: stage.metadata?.resourceVersion },
    );
    expect(patched.metadata?.annotations?.['example.com/note']).toBe('hello');
    const conflict = await client
      .patchStageAnnotations(
        'checkout',
        'dev',
        { 'example.com/note': 'again' },
        {
          resourceVersion: stage.metadata?.resourceVersion,
        },
      )
      .catch(e => e);
    expect(conflict.name).toBe('ConflictError');
  });
});
