import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  getKargo,
  PROBES,
  neutral,
  PROBE_STAGES,
} from '../__tests__/reliability/__testUtils__/callers';
import {
  kargoConfig,
  type Decision,
} from '../__tests__/reliability/__testUtils__/harness';
import {
  countingQuestions,
  useReliabilityBackend,
} from '../__tests__/reliability/__testUtils__/suite';

// Issue 35, attack 19: the routes answered a hidden project exactly as a
// missing one, but only the hidden one cost a round trip to the permission
// policy (in production an HTTP request to the permission backend, plus one
// to this plugin's apply-conditions for a conditional policy): measured over
// HTTP, 12.2 ms against 2.4 ms, slower in 48 of 50 pairs. So the time of a
// 404 told a guessed project name that exists. A missing project now costs
// the same round trip (one question about the ref `<project>/*`).
jest.setTimeout(60_000);

describe('a hidden project and a missing one cost the same permission round trip', () => {
  const { backend } = useReliabilityBackend({ entities: PROBES });
  // The caller may read nothing of payments; every policy question counted.
  const questions = countingQuestions(backend);

  it('entity route: asks the policy about a missing project too, as about a hidden one (same answer)', async () => {
    const hidden = await questions(PROBE_STAGES.hidden);
    const missing = await questions(PROBE_STAGES.missing);
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
  const { backend } = useReliabilityBackend({
    load: sandbox => {
      for (const path of [
        /^\/apis\/kargo\.akuity\.io\/v1alpha1\/stages(\?|$)/,
        /^\/apis\/kargo\.akuity\.io\/v1alpha1\/namespaces\/payments\/stages/,
      ])
        sandbox.faults.set({ path, status: 403 });
    },
    config: sandbox => kargoConfig(sandbox, 1, 'watch'),
  });
  let questions = 0;

  beforeAll(() => {
    // Denied every Kargo Stage; every question counted.
    backend().decide((permission: string): Decision => {
      questions++;
      return permission.startsWith('kargo.')
        ? AuthorizeResult.DENY
        : AuthorizeResult.ALLOW;
    });
    backend().decideConditional(() => {
      questions++;
      return undefined;
    });
  });

  it('a user denied everything: same 404 for payments (never read) and a made-up project, a policy round trip each', async () => {
    const ask = async (project: string) => {
      questions = 0;
      const res = await getKargo(backend(), `/projects/${project}/stages`);
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
