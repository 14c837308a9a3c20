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
});
