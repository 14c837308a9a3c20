import { startSandbox, Sandbox } from '../sandbox';
import { call, eventually } from '../__testUtils__/http';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const API = '/apis/kargo.akuity.io/v1alpha1/namespaces';
const ARS = (ns: string) =>
  `/apis/argoproj.io/v1alpha1/namespaces/${ns}/analysisruns`;

describe('simulated Kargo controller: verification', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    // The controller alone: Promotions arrive as Kargo's control plane sees
    // them after admission (the webhooks are tested in kargoApi/).
    sandbox = await startSandbox({ stepDelayMs: 25, admissionWebhooks: false });
  });
  afterEach(() => sandbox.stop());

  const getStage = async (ns: string, name: string) =>
    (await call(sandbox, 'GET', `${API}/${ns}/stages/${name}`)).body;
  const annotate = (
    ns: string,
    name: string,
    annotations: Record<string, string>,
  ) =>
    call(sandbox, 'PATCH', `${API}/${ns}/stages/${name}`, {
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations } },
    });
  const runsOf = async (ns: string, stage: string) =>
    (
      await call(
        sandbox,
        'GET',
        `${ARS(ns)}?labelSelector=kargo.akuity.io/stage%3D${stage}`,
      )
    ).body.items;

  it('reverify starts one AnalysisRun named and labelled as Kargo does and updates only the newest entry', async () => {
    const before = await getStage('checkout', 'staging');
    const current = before.status.freightHistory[0];
    const runsBefore = (await runsOf('checkout', 'staging')).length;
    const request = JSON.stringify({
      id: current.verificationHistory[0].id,
      actor: 'email:ada@acme.example',
    });
    await annotate('checkout', 'staging', {
      'kargo.akuity.io/reverify': request,
    });

    const done = await eventually(async () => {
      const s = await getStage('checkout', 'staging');
      const vi = s.status.freightHistory[0].verificationHistory[0];
      return vi.phase === 'Successful' &&
        vi.id !== current.verificationHistory[0].id
        ? s
        : undefined;
    });
    const vi = done.status.freightHistory[0].verificationHistory[0];
    expect(vi).toMatchObject({
      actor: 'email:ada@acme.example',
      phase: 'Successful',
      analysisRun: { namespace: 'checkout', phase: 'Successful' },
    });
    expect(vi.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(vi.analysisRun.name).toMatch(
      new RegExp(`^staging\\.[0-9a-z]{26}\\.${current.id}$`),
    );
    // The stale entries of older collections are left exactly as they were.
    expect(done.status.freightHistory.slice(1)).toEqual(
      before.status.freightHistory.slice(1),
    );
    expect(done.status.freightHistory[0].verificationHistory.slice(1)).toEqual(
      current.verificationHistory,
    );

    const ar = (
      await call(sandbox, 'GET', `${ARS('checkout')}/${vi.analysisRun.name}`)
    ).body;
    expect(ar.metadata.labels).toEqual({
      'kargo.akuity.io/stage': 'staging',
      'kargo.akuity.io/freight-collection': current.id,
    });
    expect(ar.metadata.ownerReferences).toEqual([
      expect.objectContaining({
        kind: 'Freight',
        name: Object.values<any>(current.items)[0].name,
        blockOwnerDeletion: false,
      }),
    ]);
    expect(ar.status.phase).toBe('Successful');
    expect(ar.spec.metrics.map((m: any) => m.name)).toEqual([
      'http-success-rate',
      'checkout-smoke-test',
    ]);

    // The same request again (and any other Stage change) starts nothing new.
    await annotate('checkout', 'staging', {
      'kargo.akuity.io/reverify': request,
      touched: 'yes',
    });
    await new Promise(r => setTimeout(r, 200));
    expect((await runsOf('checkout', 'staging')).length).toBe(runsBefore + 1);
  });

  it('a bare id works, and the outcome annotation makes the run fail', async () => {
    const before = await getStage('checkout', 'dev');
    await annotate('checkout', 'dev', {
      'sandbox.kargo.io/verification-outcome': 'Failed',
      'kargo.akuity.io/reverify':
        before.status.freightHistory[0].verificationHistory[0].id,
    });
    const vi = await eventually(async () => {
      const v = (await getStage('checkout', 'dev')).status.freightHistory[0]
        .verificationHistory[0];
      return v.phase === 'Failed' ? v : undefined;
    });
    expect(vi.message).toContain('assessed Failed');
    const ar = (
      await call(sandbox, 'GET', `${ARS('checkout')}/${vi.analysisRun.name}`)
    ).body;
    expect(ar.status.metricResults[0].measurements[0]).toMatchObject({
      phase: 'Failed',
      message: expect.stringContaining('below the success threshold'),
    });
  });

  it('ignores a reverify whose id is not the current verification', async () => {
    const runs = (await runsOf('checkout', 'dev')).length;
    await annotate('checkout', 'dev', {
      'kargo.akuity.io/reverify': '{"id":"not-current"}',
    });
    await new Promise(r => setTimeout(r, 200));
    expect((await runsOf('checkout', 'dev')).length).toBe(runs);
  });

  it('abort terminates the running AnalysisRun and marks the verification Failed', async () => {
    const before = await getStage('payments', 'test');
    const running = before.status.freightHistory[0].verificationHistory[0];
    expect(running.phase).toBe('Running');
    await annotate('payments', 'test', {
      'kargo.akuity.io/abort': JSON.stringify({
        id: running.id,
        actor: 'admin',
      }),
    });
    const vi = await eventually(async () => {
      const v = (await getStage('payments', 'test')).status.freightHistory[0]
        .verificationHistory[0];
      return v.phase === 'Failed' ? v : undefined;
    });
    expect(vi).toMatchObject({
      id: running.id,
      message: 'Verification aborted by user',
      analysisRun: { phase: 'Running' },
    });
    const ar = await eventually(async () => {
      const r = (
        await call(
          sandbox,
          'GET',
          `${ARS('payments')}/${running.analysisRun.name}`,
        )
      ).body;
      return r.status.phase === 'Failed' ? r : undefined;
    });
    expect(ar.spec.terminate).toBe(true);
  });
});
