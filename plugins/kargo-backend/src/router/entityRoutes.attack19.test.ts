import request from 'supertest';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Entity } from '@backstage/catalog-model';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  ENTITY,
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type Decision,
  type ReliabilityBackend,
} from '../__tests__/reliability/__testUtils__/harness';

// Issue 35, attack 19a: the entity route (and the Stage list route) answer a
// hidden project exactly as a missing one, but only the hidden one costs a
// round trip to the permission policy: one authorize call carrying one
// resource ref per Stage of the project (in production an HTTP request to
// the permission backend, plus one to this plugin's apply-conditions for a
// conditional policy). A missing project costs none. So the time of the
// answer tells a guessed project name that exists from one that does not,
// and grows with the hidden project's number of Stages.
jest.setTimeout(60_000);

const annotated = (name: string, project: string): Entity => ({
  ...ENTITY,
  metadata: {
    name,
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': project },
  },
});

describe('attack 19a: hidden vs. missing project by the work done', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const asked: string[] = [];
  const get = (path: string) =>
    request(backend.server)
      .get(`/api/kargo${path}`)
      .set('Authorization', userHeader());

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    backend = await startReliabilityBackend({
      sandbox,
      config: kargoConfig(sandbox),
      entities: [
        annotated('probe-payments', 'payments'),
        annotated('probe-nope', 'no-such-project'),
      ],
    });
    await backend.refresh();
    // The caller may read nothing of payments; every policy question counted.
    backend.decide((permission: string, ref?: string): Decision => {
      asked.push(`${permission} ${ref ?? ''}`);
      return permission.startsWith('kargo.') &&
        ref?.startsWith('sandbox/payments/')
        ? AuthorizeResult.DENY
        : AuthorizeResult.ALLOW;
    });
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  const questions = async (path: string) => {
    asked.length = 0;
    const res = await get(path);
    return { res, asked: [...asked] };
  };

  it('asks the policy once per Stage of a hidden project, and nothing for a missing one (same answer)', async () => {
    const hidden = await questions(
      '/entities/component/default/probe-payments/stages',
    );
    const missing = await questions(
      '/entities/component/default/probe-nope/stages',
    );
    const neutral = (res: request.Response, name: string) =>
      JSON.parse(JSON.stringify(res.body).replaceAll(name, '<name>'));
    // The answers are the same (attack 18's fix holds) ...
    expect(neutral(hidden.res, 'payments')).toEqual(
      neutral(missing.res, 'no-such-project'),
    );
    // ... the work is not. Measured: 5 questions (one per Stage of payments
    // in the sandbox) vs 0.
    expect(missing.asked).toEqual([]);
    expect(hidden.asked.length).toBeGreaterThan(0);
    expect(
      hidden.asked.every(q =>
        q.startsWith('kargo.stage.read sandbox/payments/'),
      ),
    ).toBe(true);
    // eslint-disable-next-line no-console
    console.log(
      `entity route: hidden project ${hidden.asked.length} policy questions, missing ${missing.asked.length}`,
    );
  });

  it('the Stage list route: the same (policy questions for a hidden project only)', async () => {
    const hidden = await questions('/projects/payments/stages');
    const missing = await questions('/projects/no-such-project/stages');
    expect(hidden.res.status).toBe(404);
    expect(missing.res.status).toBe(404);
    expect(hidden.res.body.error?.message?.replace('payments', '<n>')).toEqual(
      missing.res.body.error?.message?.replace('no-such-project', '<n>'),
    );
    expect(missing.asked).toEqual([]);
    expect(hidden.asked.length).toBeGreaterThan(0);
    // eslint-disable-next-line no-console
    console.log(
      `stage list route: hidden project ${hidden.asked.length} policy questions, missing ${missing.asked.length}`,
    );
  });

  it('the AnalysisRun route: the same, for any run name', async () => {
    const hidden = await questions('/projects/payments/analysis-runs/guess');
    const missing = await questions(
      '/projects/no-such-project/analysis-runs/guess',
    );
    expect(hidden.res.status).toBe(404);
    expect(missing.res.status).toBe(404);
    expect(missing.asked).toEqual([]);
    expect(hidden.asked.length).toBeGreaterThan(0);
  });
});

// docs/rbac.md "Narrower: some projects only": the deployer leaves payments'
// namespace unbound to hide it from Backstage. In watch mode it is then a
// project never read. A user the policy denies every Kargo Stage still makes
// the backend ask the policy (one conditional query) for it, and for a
// made-up name nothing: the same 404, a different amount of work.
describe('attack 19a: a project hidden by Narrower RBAC vs. a missing one', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  let questions = 0;

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    for (const path of [
      /^\/apis\/kargo\.akuity\.io\/v1alpha1\/stages(\?|$)/,
      /^\/apis\/kargo\.akuity\.io\/v1alpha1\/namespaces\/payments\/stages/,
    ])
      sandbox.faults.set({ path, status: 403 });
    backend = await startReliabilityBackend({
      sandbox,
      config: kargoConfig(sandbox, 1, 'watch'),
    });
    await backend.refresh();
    // Denied every Kargo Stage; every question counted.
    backend.decide((permission: string): Decision => {
      questions++;
      return permission.startsWith('kargo.')
        ? AuthorizeResult.DENY
        : AuthorizeResult.ALLOW;
    });
    backend.decideConditional(() => {
      questions++;
      return undefined;
    });
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('a user denied everything: same 404 for payments (never read) and a made-up project, a policy round trip vs none', async () => {
    const ask = async (project: string) => {
      questions = 0;
      const res = await request(backend.server)
        .get(`/api/kargo/projects/${project}/stages`)
        .set('Authorization', userHeader());
      return { res, questions };
    };
    const hidden = await ask('payments');
    const missing = await ask('no-such-project');
    expect(hidden.res.status).toBe(404);
    expect(missing.res.status).toBe(404);
    expect(hidden.res.body.error.message.replace('payments', '<n>')).toBe(
      missing.res.body.error.message.replace('no-such-project', '<n>'),
    );
    // Measured: one authorizeConditional call (counted 2 here: the mock's
    // conditional answer falls through to its decide) vs 0.
    expect(hidden.questions).toBeGreaterThan(0);
    expect(missing.questions).toBe(0);
  });
});
