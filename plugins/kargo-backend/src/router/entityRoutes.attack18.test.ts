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

// Issue 35, attack 18b: the entity route as an existence oracle. Any
// signed-in user who may register a catalog entity (Backstage's default)
// annotates it with a project name and reads the entity's Kargo Stages.
jest.setTimeout(60_000);

const annotated = (name: string, project: string): Entity => ({
  ...ENTITY,
  metadata: {
    name,
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': project },
  },
});

describe('entity route: a hidden project vs. no such project (attack 18b)', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
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
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('answers `stale: true` for a project that does not exist and `stale: false` for one the caller may not read (an existence oracle)', async () => {
    // The caller may read nothing of payments.
    backend.decide(
      (permission: string, ref?: string): Decision =>
        permission.startsWith('kargo.') && ref?.startsWith('sandbox/payments/')
          ? AuthorizeResult.DENY
          : AuthorizeResult.ALLOW,
    );
    const hidden = await get(
      '/entities/component/default/probe-payments/stages',
    );
    const missing = await get('/entities/component/default/probe-nope/stages');
    expect(hidden.status).toBe(200);
    expect(missing.status).toBe(200);
    // The error messages are alike ("Kargo project '<name>' not found …")
    const neutral = (res: request.Response, name: string) =>
      JSON.stringify(res.body.errors).replaceAll(name, '<name>');
    expect(neutral(hidden, 'payments')).toEqual(
      neutral(missing, 'no-such-project'),
    );
    // … but `stale` tells them apart (measured: hidden false, missing true).
    expect(hidden.body.stale).toBe(false);
    expect(missing.body.stale).toBe(true);
  });
});
