import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { findReadableStage } from '../services/snapshot/queries/lookup';
import type { SnapshotService } from '../services/snapshot/SnapshotService';
import { ReadDecisions, recordingReadDecisions } from './readDecisions';

const qa = { instance: 'sandbox', project: 'payments', name: 'qa' };

/**
 * Attack 8 (demonstration, asserts the current behaviour): the decisions
 * that decide who hears of a Stage are one table of 100,000 for all users,
 * oldest forgotten first, and every `kargo.stage.read` asked for a user is
 * recorded, DENY included, for Stages that do not exist. So any signed-in
 * user who may read nothing evicts every owner's ALLOW by asking
 * `GET /projects/x/stages/<random>` 100,000 times (the route asks the policy
 * before it looks the Stage up: findReadableStage): no owner is notified of
 * anything until they read each Stage again.
 */
describe('ReadDecisions under a flood of reads of made-up Stages', () => {
  it("a user allowed nothing evicts an owner's decision with 100,000 reads of Stages that do not exist", async () => {
    const policy = mockServices.permissions.mock({
      authorize: async (requests, options) =>
        requests.map(() => ({
          result:
            (options?.credentials.principal as { userEntityRef?: string })
              .userEntityRef === 'user:default/alice'
              ? AuthorizeResult.ALLOW
              : AuthorizeResult.DENY,
        })),
    });
    const decisions = new ReadDecisions();
    const permissions = recordingReadDecisions(policy, decisions);
    const snapshots = {
      getInstance: async () => {
        throw new Error('no snapshot in this test');
      },
    } as unknown as SnapshotService;

    // alice, an owner, opens her Kargo tab: allowed on payments/qa.
    await findReadableStage(
      snapshots,
      permissions,
      mockCredentials.user('user:default/alice'),
      qa,
    ).catch(() => undefined);
    expect(decisions.allows('user:default/alice', qa)).toBe(true);

    // mallory may read nothing; each request is a 404 to her.
    const mallory = mockCredentials.user('user:default/mallory');
    const read = (i: number) =>
      findReadableStage(snapshots, permissions, mallory, {
        instance: 'sandbox',
        project: 'nope',
        name: `s-${i}`,
      }).then(
        () => 'found',
        () => 'not found',
      );
    const answers = new Set<string>();
    for (let i = 0; i < 100_000; i++) answers.add(await read(i));
    expect([...answers]).toEqual(['not found']);
    // Alice's ALLOW is gone: her notifications about qa stop.
    expect(decisions.allows('user:default/alice', qa)).toBe(false);
  });
});
