import request from 'supertest';
import { mockCredentials } from '@backstage/backend-test-utils';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from '../__tests__/reliability/__testUtils__/harness';

// Issue 35, attack 18b: Backstage mounts the permission framework's
// apply-conditions endpoint on every plugin that registers a resource type,
// under the plugin's own path. It refuses users (without an actor) but
// takes any service principal, and answers from the plugin's getResources:
// the kargo-stage resources of the snapshot, whatever kargo.access.services
// gives that service (nothing, here).
jest.setTimeout(60_000);

const PATH = '/api/kargo/.well-known/backstage/permissions/apply-conditions';

describe('apply-conditions: a Stage existence oracle for any service (attack 18b)', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    backend = await startReliabilityBackend({
      sandbox,
      config: kargoConfig(sandbox),
    });
    await backend.refresh();
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  /** A condition that holds for every Stage that exists. */
  const anyStage = {
    not: {
      rule: 'IS_STAGE',
      resourceType: 'kargo-stage',
      params: { stages: [] },
    },
  };

  it('tells a service no kargo.access.services entry names which guessed Stages of which projects exist', async () => {
    const unscoped = mockCredentials.service.header({
      onBehalfOf: mockCredentials.service('external:unscoped-bot'),
      targetPluginId: 'kargo',
    });
    // Its reads are refused, as documented.
    const read = await request(backend.server)
      .get('/api/kargo/projects/payments/stages/prod')
      .set('Authorization', unscoped);
    expect(read.status).toBe(404);

    // One request of guessed refs.
    const guesses = [
      'sandbox/payments/prod',
      'sandbox/payments/nope',
      'sandbox/no-such-project/prod',
      'sandbox/checkout/staging',
    ];
    const res = await request(backend.server)
      .post(PATH)
      .set('Authorization', unscoped)
      .send({
        items: [
          {
            id: '1',
            resourceType: 'kargo-stage',
            resourceRef: guesses,
            conditions: anyStage,
          },
        ],
      });
    expect(res.status).toBe(200);
    // Measured: ALLOW exactly for the Stages that exist.
    expect(res.body.items[0].result).toEqual([
      'ALLOW',
      'DENY',
      'DENY',
      'ALLOW',
    ]);

    // A user is refused (Backstage's own check), so this is services only.
    const user = await request(backend.server)
      .post(PATH)
      .set('Authorization', userHeader())
      .send({
        items: [
          {
            id: '1',
            resourceType: 'kargo-stage',
            resourceRef: 'sandbox/payments/prod',
            conditions: anyStage,
          },
        ],
      });
    expect(user.status).toBe(403);
  });
});
