import request from 'supertest';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import { annotated } from '../__tests__/reliability/__testUtils__/callers';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type Decision,
  type ReliabilityBackend,
} from '../__tests__/reliability/__testUtils__/harness';

// Issue 35, attack 19: the routes answered a hidden project exactly as a
// missing one, but only the hidden one cost a round trip to the permission
// policy (in production an HTTP request to the permission backend, plus one
// to this plugin's apply-conditions for a conditional policy): measured over
// HTTP, 12.2 ms against 2.4 ms, slower in 48 of 50 pairs. So the time of a
// 404 told a guessed project name that exists. A missing project now costs
// the same round trip (one question about the ref `<project>/*`).
jest.setTimeout(60_000);

describe('a hidden project and a missing one cost the same permission round trip', () => {
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

  it('entity route: asks the policy about a missing project too, as about a hidden one (same answer)', async () => {
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
    // ... and so is the work: a round trip to the policy for each (it was
    // 5 questions, one per Stage of payments, against none).
    expect(missing.asked).toEqual([
      'kargo.stage.read sandbox/no-such-project/*',
    ]);
    expect(hidden.asked.length).toBeGreaterThan(0);
    expect(
      hidden.asked.every(q =>
        q.startsWith('kargo.stage.read sandbox/payments/'),
      ),
    ).toBe(true);
  });

  it('Stage list route: asks the policy about a missing project too, as about a hidden one (same 404)', async () => {
    const hidden = await questions('/projects/payments/stages');
    const missing = await questions('/projects/no-such-project/stages');
    expect(hidden.res.status).toBe(404);
    expect(missing.res.status).toBe(404);
    expect(hidden.res.body.error?.message?.replace('payments', '<n>')).toEqual(
      missing.res.body.error?.message?.replace('no-such-project', '<n>'),
    );
    expect(missing.asked).toEqual([
      'kargo.stage.read sandbox/no-such-project/*',
    ]);
    expect(hidden.asked.length).toBeGreaterThan(0);
  });

  it('AnalysisRun route: asks the policy about a missing project too, for any run name (same 404)', async () => {
    const hidden = await questions('/projects/payments/analysis-runs/guess');
    const missing = await questions(
      '/projects/no-such-project/analysis-runs/guess',
    );
    expect(hidden.res.status).toBe(404);
    expect(missing.res.status).toBe(404);
    expect(missing.asked).toEqual([
      'kargo.stage.read sandbox/no-such-project/*',
    ]);
    expect(hidden.asked.length).toBeGreaterThan(0);
  });
});

// docs/rbac.md "Narrower: some projects only": the deployer leaves payments'
// namespace unbound to hide it from Backstage. In watch mode it is then a
// project never read, which costs a conditional query to the policy; a
// made-up name cost nothing.
describe('a project hidden by Narrower RBAC and a missing one cost a policy round trip each', () => {
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

  it('a user denied everything: same 404 for payments (never read) and a made-up project, a policy round trip each', async () => {
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
    // One authorizeConditional call (counted 2 here: the mock's conditional
    // answer falls through to its decide) and one authorize (it was none).
    expect(hidden.questions).toBeGreaterThan(0);
    expect(missing.questions).toBe(1);
  });
});
