import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { findReadableStage } from '../services/snapshot/queries/lookup';
import type { SnapshotService } from '../services/snapshot/SnapshotService';
import { ReadDecisions, recordingReadDecisions } from './readDecisions';

const qa = { instance: 'sandbox', project: 'payments', name: 'qa' };
const ALICE = 'user:default/alice';
const MALLORY = 'user:default/mallory';
const FLOOD = 100_000;

// 100,000 reads through the route's lookup each (seconds on a shared machine).
jest.setTimeout(60_000);

/**
 * Attack 8 (issue 35): the decisions that decide who hears of a Stage were
 * one table of 100,000 for all users, oldest forgotten first, and every
 * `kargo.stage.read` asked for a user was recorded, DENY included, for Stages
 * that do not exist. So mallory, signed in and allowed nothing, evicted every
 * owner's ALLOW by asking `GET /projects/nope/stages/s-<i>` 100,000 times (the
 * route asks the policy before it looks the Stage up: findReadableStage).
 * Each case floods through that route with a policy that allows alice on
 * payments/qa and gives mallory `malloryAllowed` on everything.
 */
function setUp(malloryAllowed: boolean) {
  const allowed = { alice: true, mallory: malloryAllowed };
  const policy = mockServices.permissions.mock({
    authorize: async (requests, options) => {
      const user = (options?.credentials.principal as { userEntityRef: string })
        .userEntityRef;
      const ok = user === ALICE ? allowed.alice : allowed.mallory;
      return requests.map(() => ({
        result: ok ? AuthorizeResult.ALLOW : AuthorizeResult.DENY,
      }));
    },
  });
  const decisions = new ReadDecisions();
  const permissions = recordingReadDecisions(policy, decisions);
  // An instance with no projects: every Stage asked for is missing.
  const snapshots = {
    getInstance: async () => ({ projects: {} }),
  } as unknown as SnapshotService;
  const read = (user: string, ref: typeof qa) =>
    findReadableStage(
      snapshots,
      permissions,
      mockCredentials.user(user),
      ref,
    ).then(
      () => 'found',
      (e: Error) => e.name,
    );
  const made = (i: number) => ({ ...qa, project: 'nope', name: `s-${i}` });
  const flood = async () => {
    const answers = new Set<string>();
    for (let i = 0; i < FLOOD; i++) answers.add(await read(MALLORY, made(i)));
    return [...answers];
  };
  return { allowed, decisions, read, made, flood };
}

describe('ReadDecisions under a flood of reads of made-up Stages', () => {
  it("keeps an owner's ALLOW through 100,000 reads of missing Stages by a user allowed nothing", async () => {
    const { decisions, read, flood } = setUp(false);
    // alice, an owner, opens her Kargo tab: allowed on payments/qa.
    await read(ALICE, qa);
    expect(decisions.allows(ALICE, qa)).toBe(true);

    expect(await flood()).toEqual(['NotFoundError']);
    expect(decisions.allows(ALICE, qa)).toBe(true);
  });

  it("keeps an owner's ALLOW through 100,000 allowed reads of made-up Stages, and keeps only that user's newest 2,000", async () => {
    const { decisions, read, made, flood } = setUp(true);
    await read(ALICE, qa);

    expect(await flood()).toEqual(['NotFoundError']);
    expect(decisions.allows(ALICE, qa)).toBe(true);
    // mallory's own room is bounded: her oldest entries went, not alice's.
    expect(decisions.allows(MALLORY, made(FLOOD - 1))).toBe(true);
    expect(decisions.allows(MALLORY, made(FLOOD - 2_000))).toBe(true);
    expect(decisions.allows(MALLORY, made(FLOOD - 2_001))).toBe(false);
    expect(decisions.allows(MALLORY, made(0))).toBe(false);
  });

  it('still revokes an ALLOW by a later DENY after a flood', async () => {
    const { allowed, decisions, read, flood } = setUp(true);
    await read(ALICE, qa);
    await flood();
    // alice's access is taken away; she reads qa again and is denied.
    allowed.alice = false;
    expect(await read(ALICE, qa)).toBe('NotFoundError');
    expect(decisions.allows(ALICE, qa)).toBe(false);
  });
});
