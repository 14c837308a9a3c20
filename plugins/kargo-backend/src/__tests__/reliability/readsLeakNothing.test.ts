import request from 'supertest';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  kargoConfig,
  SECRETS,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type Decision,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import {
  getKargo,
  serviceHeader as headerOf,
  withServices,
} from './__testUtils__/callers';

// Issue 15: reads answer "not found" and "not allowed" alike, check
// permission before any cluster call, and carry nothing the caller may not
// read. Every probe goes through the real backend to the sandbox.
jest.setTimeout(60_000);

const serviceHeader = () => headerOf('plugin:catalog');

const paymentsReaderHeader = () => headerOf('external:payments-reader');

const ALLOW = AuthorizeResult.ALLOW;
const DENY = AuthorizeResult.DENY;

describe('reads that leak nothing', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;

  const get = (path: string, auth?: string) => getKargo(backend, path, auth);
  const kubeRequests = () => sandbox.faults.counts().kubernetes;
  /** A decision that denies kargo.stage.read (and raw) on the listed Stages. */
  const denyReadOn =
    (...refs: string[]) =>
    (permission: string, ref?: string): Decision =>
      permission.startsWith('kargo.stage.read') &&
      refs.some(r => ref?.startsWith(r))
        ? DENY
        : ALLOW;

  async function aRunOf(project: string, stage: string): Promise<string> {
    const res = await get(`/projects/${project}/stages/${stage}`);
    return res.body.verifications.find((v: any) => v.analysisRun).analysisRun
      .name;
  }

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    // An AnalysisRun of no Kargo Stage (Argo Rollouts' own), in a Kargo project.
    sandbox.load({
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'AnalysisRun',
      metadata: { name: 'rollout-canary-1', namespace: 'checkout', labels: {} },
      spec: { metrics: [] },
      status: { phase: 'Successful' },
    });
    backend = await startReliabilityBackend({
      sandbox,
      config: withServices(kargoConfig(sandbox), [
        { subject: 'external:payments-reader', projects: ['payments'] },
      ]),
    });
    await backend.refresh();
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });
  beforeEach(() => {
    backend.decide(() => ALLOW);
    sandbox.faults.clear();
    sandbox.faults.resetCounts();
  });

  /**
   * Status and error of an answer (its reason code and parameters too), with
   * the asked-for name made neutral.
   */
  const shape = (res: request.Response, name: string) => ({
    status: res.status,
    name: res.body.error?.name,
    message: String(res.body.error?.message).replace(name, '<name>'),
    code: res.body.error?.code,
    params: JSON.stringify(res.body.error?.params ?? null).replaceAll(
      JSON.stringify(name),
      '"<name>"',
    ),
    body: Object.keys(res.body).sort(),
  });

  it('AnalysisRun detail: answers the same 404 for no such run, a run of no Kargo Stage and a run the caller may not read', async () => {
    const run = await aRunOf('checkout', 'staging');
    backend.decide(denyReadOn('sandbox/checkout/staging'));
    const missing = await get('/projects/checkout/analysis-runs/no-such-run');
    const foreign = await get(
      '/projects/checkout/analysis-runs/rollout-canary-1',
    );
    const denied = await get(`/projects/checkout/analysis-runs/${run}`);
    expect(shape(missing, 'no-such-run')).toEqual({
      status: 404,
      name: 'NotFoundError',
      message:
        "AnalysisRun '<name>' not found in Kargo project 'checkout' of instance 'sandbox'",
      code: 'analysisRunNotFound',
      params: JSON.stringify({
        analysisRun: '<name>',
        project: 'checkout',
        instance: 'sandbox',
      }),
      body: ['error', 'request', 'response'],
    });
    expect(shape(foreign, 'rollout-canary-1')).toEqual(
      shape(missing, 'no-such-run'),
    );
    expect(shape(denied, run)).toEqual(shape(missing, 'no-such-run'));
  });

  it('AnalysisRun detail: checks permission before any cluster call', async () => {
    const run = await aRunOf('checkout', 'staging');
    backend.decide(denyReadOn('sandbox/checkout/'));
    sandbox.faults.resetCounts();
    for (const name of [run, 'no-such-run', 'rollout-canary-1']) {
      expect(
        (await get(`/projects/checkout/analysis-runs/${name}`)).status,
      ).toBe(404);
    }
    expect(kubeRequests()).toBe(0);
  });

  it('AnalysisRun detail: returns raw (spec args, provider headers) only with kargo.analysisrun.raw.read', async () => {
    const run = await aRunOf('checkout', 'staging');
    backend.decide(p => (p === 'kargo.analysisrun.raw.read' ? DENY : ALLOW));
    const plain = await get(`/projects/checkout/analysis-runs/${run}`);
    expect(plain.status).toBe(200);
    expect(plain.body.metrics.length).toBeGreaterThan(0);
    expect(plain.body).not.toHaveProperty('raw');
    expect(JSON.stringify(plain.body)).not.toContain('"spec"');

    backend.decide(() => ALLOW);
    const full = await get(`/projects/checkout/analysis-runs/${run}`);
    expect(full.body.raw).toMatchObject({
      kind: 'AnalysisRun',
      spec: expect.any(Object),
    });
  });

  it('AnalysisRun detail: rate-limits the cluster reads unknown names cause', async () => {
    sandbox.faults.resetCounts();
    const started = Date.now();
    const answers = new Set<number>();
    for (let i = 0; i < 80; i++) {
      answers.add(
        (await get(`/projects/checkout/analysis-runs/guess-${i}`)).status,
      );
    }
    expect([...answers]).toEqual([404]);
    // 80 guesses, at most one per-caller budget of reads (30 a minute; a
    // loaded machine may take longer than a minute, and the budget refills).
    const minutes = Math.ceil((Date.now() - started) / 60_000);
    expect(kubeRequests()).toBeLessThanOrEqual(30 * minutes);
    expect(kubeRequests()).toBeGreaterThan(0);
  });

  it('Stage routes: no existence oracle, a denied Stage or project answers exactly like a missing one', async () => {
    backend.decide(denyReadOn('sandbox/checkout/staging', 'sandbox/payments/'));
    const deniedStage = await get('/projects/checkout/stages/staging');
    const missingStage = await get('/projects/checkout/stages/nope');
    expect(shape(deniedStage, 'staging')).toEqual(shape(missingStage, 'nope'));
    expect(deniedStage.status).toBe(404);

    const deniedProject = await get('/projects/payments/stages');
    const missingProject = await get('/projects/nope/stages');
    expect(shape(deniedProject, 'payments')).toEqual(
      shape(missingProject, 'nope'),
    );
    expect(deniedProject.status).toBe(404);
  });

  it('/snapshot is for services only: users get 403', async () => {
    const user = await get('/snapshot');
    expect(user.status).toBe(403);
    expect(JSON.stringify(user.body)).not.toContain('"stages"');
    const service = await get('/snapshot', serviceHeader());
    expect(service.status).toBe(200);
    expect(service.body.instances[0].projects).toEqual([
      'checkout',
      'payments',
    ]);
  });

  it('/snapshot and the entity route name no project and no error of a project the caller may not read', async () => {
    // checkout fails to read from now on: its error is in the snapshot.
    sandbox.faults.set({ path: /\/namespaces\/checkout\//, status: 500 });
    await backend.refresh();
    backend.decide(denyReadOn('sandbox/checkout/'));

    // A service scoped to payments (kargo.access.services): Backstage's
    // permission client allows services, so the scope is what filters.
    const snapshot = await get('/snapshot', paymentsReaderHeader());
    const text = JSON.stringify(snapshot.body);
    expect(snapshot.body.instances[0].projects).toEqual(['payments']);
    expect(text).not.toMatch(/"project":"checkout"|answered 500/);

    const entity = await get(
      '/entities/component/default/checkout-service/stages',
    );
    expect(entity.status).toBe(200);
    expect(entity.body).toMatchObject({
      items: [],
      errors: [
        {
          instance: 'sandbox',
          project: 'checkout',
          message: "Kargo project 'checkout' not found in instance 'sandbox'",
        },
      ],
    });
    sandbox.faults.clear();
    await backend.refresh();
  });

  it('redacts Kubernetes error text: a token a proxy echoes reaches no snapshot, response or log', async () => {
    const echo = {
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      message: `proxy: upstream refused GET with Authorization: Bearer ${SECRETS.k8s}`,
    };
    sandbox.faults.set({
      path: /\/namespaces\/checkout\//,
      status: 502,
      body: { ...echo, code: 502 },
    });
    await backend.refresh();
    sandbox.faults.clear();
    sandbox.faults.set({
      method: 'PATCH',
      path: /\/stages\//,
      status: 409,
      body: { ...echo, code: 409 },
    });
    const answers = [
      await get('/snapshot', serviceHeader()),
      await get('/entities/component/default/checkout-service/stages'),
      await get('/projects/checkout/stages/staging'),
      await request(backend.server)
        .post('/api/kargo/projects/checkout/stages/staging/reverify')
        .set('Authorization', userHeader()),
    ];
    expect(answers.map(a => a.status)).toEqual([200, 200, 200, 409]);
    for (const answer of answers) {
      expect(JSON.stringify(answer.body)).not.toContain(SECRETS.k8s);
      expect(JSON.stringify(answer.body)).not.toContain(SECRETS.k8s.slice(-12));
    }
    expect(answers[3].body.error.message).toContain('[redacted]');
    expect(
      backend.logs.containing([SECRETS.k8s, SECRETS.k8s.slice(-12)]),
    ).toEqual([]);
    sandbox.faults.clear();
    await backend.refresh();
  });

  it("serves a project named 'constructor' (no plain object used as a map)", async () => {
    // Before it exists: a 404 like any missing project (not Object.prototype's).
    const absent = await get('/projects/constructor/stages');
    expect(absent.status).toBe(404);
    expect(shape(absent, 'constructor')).toEqual(
      shape(await get('/projects/nope/stages'), 'nope'),
    );
    expect((await get('/projects/constructor/stages/dev')).status).toBe(404);
    expect((await get('/projects/constructor/analysis-runs/x')).status).toBe(
      404,
    );

    const stages = sandbox.registry.find(
      'kargo.akuity.io',
      'v1alpha1',
      'stages',
    )!;
    const dev = sandbox.store.get(stages, 'checkout', 'dev')!;
    sandbox.load([
      {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'constructor' },
      },
      {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Project',
        metadata: { name: 'constructor' },
      },
      {
        ...dev,
        metadata: {
          name: 'dev',
          namespace: 'constructor',
          labels: {},
          annotations: {},
        },
      },
    ]);
    await backend.refresh();
    const list = await get('/projects/constructor/stages');
    expect(list.status).toBe(200);
    expect(list.body.items.map((s: { name: string }) => s.name)).toEqual([
      'dev',
    ]);
  });
});
