import type request from 'supertest';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  type Decision,
  type ReliabilityBackend,
} from '../__tests__/reliability/__testUtils__/harness';
import {
  annotated,
  getKargo,
} from '../__tests__/reliability/__testUtils__/callers';

// Issue 35, attack 18: the entity route as an existence oracle. Any
// signed-in user who may register a catalog entity (Backstage's default)
// annotates it with a project name and reads the entity's Kargo Stages; a
// missing project was answered `stale: true`, a hidden one `stale: false`.
jest.setTimeout(60_000);

describe('entity route: a hidden project vs. no such project', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const get = (path: string) => getKargo(backend, path);

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

  it('answers an entity naming a project the caller may not read exactly as one naming a project that does not exist', async () => {
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
    // The whole answer (errors, stale, lastUpdated, signal channels) but the
    // name: before, `stale` was false for payments and true for the other.
    const neutral = (res: request.Response, name: string) =>
      JSON.parse(JSON.stringify(res.body).replaceAll(name, '<name>'));
    expect(neutral(hidden, 'payments')).toEqual(
      neutral(missing, 'no-such-project'),
    );
    expect(hidden.body).toMatchObject({ items: [], stale: false });
    expect(hidden.body.errors).toHaveLength(1);
  });
});
