import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  actionContext,
  actionOptions,
  allowAll,
  decideBy,
  outputsOf,
  type AuthorizeRequest,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { PAYMENTS_PROD } from '../__testUtils__/paymentsProd';
import { createKargoPullRequestOpenAction } from './pullRequestOpen';

jest.setTimeout(60_000);

// Issue 35, attack 18: opening a pull request is a command of the one write
// pipeline, so it asks first whether the initiator may read the Stage, as
// every other write does.
describe('kargo:pull-request:open asks whether the Stage may be read first', () => {
  let env: KargoTestEnv;
  let openOrReclaim: jest.SpyInstance;
  useKargoTestEnv(started => {
    env = started;
  });
  beforeEach(() => {
    openOrReclaim = jest.spyOn(env.kargo.pullRequests, 'openOrReclaim');
  });
  afterEach(() => openOrReclaim.mockRestore());

  /** A policy that lets the user open PRs but not read payments. */
  const opensButMayNotReadPayments = () =>
    decideBy(env, (permission, resourceRef) =>
      permission === 'kargo.stage.read' && resourceRef?.includes('/payments/')
        ? AuthorizeResult.DENY
        : AuthorizeResult.ALLOW,
    );

  // Backstage's permission client: services are allowed everything.
  const allowAllPermissions = () => allowAll(env);

  const askedPermissions = () =>
    env.permissions.authorize.mock.calls.flatMap(
      ([requests]: [AuthorizeRequest[]]) =>
        requests.map(r => r.permission.name),
    );

  /** What the task fails with, the Stage's name replaced by `<stage>`. */
  const answerOf = async (
    action: ReturnType<typeof createKargoPullRequestOpenAction>,
    stage: string,
  ) => {
    try {
      await action.handler(
        actionContext({ project: 'payments', stage, title: 'probe' }),
      );
      return 'opened';
    } catch (e) {
      const { name, message, code } = e as Error & { code?: string };
      return {
        name,
        code,
        message: message.split(stage).join('<stage>'),
      };
    }
  };

  it('a user who may not read payments gets the same answer for its prod Stage as for a missing Stage (not found), and no pull request is opened', async () => {
    opensButMayNotReadPayments();
    const open = createKargoPullRequestOpenAction(actionOptions(env));
    const hidden = await answerOf(open, 'prod');
    expect(hidden).toMatchObject({
      name: 'NotFoundError',
      code: 'stageNotFound',
    });
    // Refused on the read, before the write permission is even asked.
    expect(askedPermissions()).not.toContain('kargo.pullrequest.open');
    // A Stage that does not exist, for a user who may read everything.
    allowAllPermissions();
    expect(await answerOf(open, 'no-such-stage')).toEqual(hidden);
    expect(openOrReclaim).not.toHaveBeenCalled();
  });

  it('a user the read check lets through gets the answer about the Stage itself, and one who may read payments opens (reclaims) its prod merge request', async () => {
    opensButMayNotReadPayments();
    const open = createKargoPullRequestOpenAction(actionOptions(env));
    const ctx = actionContext({
      project: 'checkout',
      stage: 'dev',
      title: 'no git-open-pr step here',
    });
    // checkout is readable: the answer is about the Stage itself.
    await expect(open.handler(ctx)).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/has no git-open-pr step/),
    });
    allowAllPermissions();
    const allowed = actionContext(PAYMENTS_PROD.input);
    await open.handler(allowed);
    expect(outputsOf(allowed)).toEqual(PAYMENTS_PROD.reclaimed);
    expect(askedPermissions()).toEqual([
      'kargo.stage.read',
      'kargo.pullrequest.open',
    ]);
  });

  it('a service that kargo.access.services does not let write is refused, even with allowServicePrincipals, and a writer only in its own projects', async () => {
    allowAllPermissions();
    const service = mockCredentials.service('external:some-bot');
    const asService = (
      serviceWriters: ReadonlyMap<string, readonly string[]>,
    ) =>
      createKargoPullRequestOpenAction({
        ...actionOptions(env, { serviceWriters }),
        allowServicePrincipals: true,
      });
    const input = { project: 'payments', stage: 'prod', title: 'from a bot' };

    await expect(
      asService(new Map()).handler(
        actionContext(input, { credentials: service }),
      ),
    ).rejects.toMatchObject({
      name: 'NotAllowedError',
      message: expect.stringContaining('kargo.access.services[].write'),
    });
    // A writer of checkout only: payments is answered as missing.
    await expect(
      asService(new Map([['external:some-bot', ['checkout']]])).handler(
        actionContext(input, { credentials: service }),
      ),
    ).rejects.toMatchObject({ name: 'NotFoundError', code: 'stageNotFound' });
    expect(openOrReclaim).not.toHaveBeenCalled();

    const ctx = actionContext(input, { credentials: service });
    await asService(new Map([['external:some-bot', ['payments']]])).handler(
      ctx,
    );
    expect(outputsOf(ctx)).toMatchObject({ number: 7, reclaimed: true });
  });
});
