import request from 'supertest';
import { mockCredentials } from '@backstage/backend-test-utils';
import { userHeader } from '../__tests__/reliability/__testUtils__/harness';
import { useReliabilityBackend } from '../__tests__/reliability/__testUtils__/suite';

// Issue 35, attack 18: Backstage mounts the permission framework's
// apply-conditions endpoint on every plugin that registers a resource type,
// under the plugin's own path. It refuses users (without an actor) but
// takes any service principal, whatever kargo.access.services gives it. It
// answered from the snapshot (ALLOW exactly for the Stages that exist); a
// resource is now its ref, so the answer tells nothing of what exists.
jest.setTimeout(60_000);

const PATH = '/api/kargo/.well-known/backstage/permissions/apply-conditions';

describe('apply-conditions: no Stage existence oracle for services', () => {
  const { backend } = useReliabilityBackend();

  /** A condition that holds for every Stage. */
  const anyStage = {
    not: {
      rule: 'IS_STAGE',
      resourceType: 'kargo-stage',
      params: { stages: [] },
    },
  };

  it('answers a service the same for guessed Stages that exist and Stages that do not', async () => {
    const unscoped = mockCredentials.service.header({
      onBehalfOf: mockCredentials.service('external:unscoped-bot'),
      targetPluginId: 'kargo',
    });
    // Its reads are refused, as documented.
    const read = await request(backend().server)
      .get('/api/kargo/projects/payments/stages/prod')
      .set('Authorization', unscoped);
    expect(read.status).toBe(404);

    // Guessed refs: payments/prod and checkout/staging exist, the others not.
    const guesses = [
      'sandbox/payments/prod',
      'sandbox/payments/nope',
      'sandbox/no-such-project/prod',
      'sandbox/checkout/staging',
    ];
    const decide = async (conditions: object) => {
      const res = await request(backend().server)
        .post(PATH)
        .set('Authorization', unscoped)
        .send({
          items: [
            {
              id: '1',
              resourceType: 'kargo-stage',
              resourceRef: guesses,
              conditions,
            },
          ],
        });
      expect(res.status).toBe(200);
      return res.body.items[0].result;
    };
    // Before: ALLOW, DENY, DENY, ALLOW (exactly the Stages that exist).
    expect(await decide(anyStage)).toEqual([
      'ALLOW',
      'ALLOW',
      'ALLOW',
      'ALLOW',
    ]);
    // The rules still decide, from the ref.
    expect(
      await decide({
        rule: 'IS_IN_PROJECT',
        resourceType: 'kargo-stage',
        params: { projects: ['payments'] },
      }),
    ).toEqual(['ALLOW', 'ALLOW', 'DENY', 'DENY']);

    // A user is refused (Backstage's own check), so this is services only.
    const user = await request(backend().server)
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
