import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  actionContext,
  actionOptions,
  outputsOf,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { createKargoPullRequestOpenAction } from './pullRequestOpen';
import { createKargoPullRequestCloseAction } from './pullRequestClose';

jest.setTimeout(60_000);

// Issue 35, attack 18b: `kargo:pull-request:open` is the one Kargo write
// that does not go through the write pipeline (AuthorizedKargoCommands), so
// it never asks whether the caller may READ the Stage (kargo.stage.read, a
// service's kargo.access.services projects and write list, Kargo's
// api.authorizeReads), which every other entry point asks first.
describe('kargo:pull-request:open skips the read gate of every other write (attack 18b)', () => {
  let env: KargoTestEnv;
  useKargoTestEnv(started => {
    env = started;
  });

  /** A policy that lets the user open PRs but not read payments. */
  const opensButMayNotReadPayments = () => {
    env.permissions.authorize.mockReset();
    env.permissions.authorize.mockImplementation(
      async (
        requests: Array<{ permission: { name: string }; resourceRef?: string }>,
      ) =>
        requests.map(r => ({
          result:
            r.permission.name === 'kargo.stage.read' &&
            r.resourceRef?.includes('/payments/')
              ? AuthorizeResult.DENY
              : AuthorizeResult.ALLOW,
        })),
    );
  };

  it('opens (reclaims) payments/prod\'s merge request and tells its URL and branches to a user who may not read payments, where the pipeline\'s writes answer "Stage not found"', async () => {
    opensButMayNotReadPayments();
    const options = actionOptions(env);
    // Through the pipeline (kargo:pull-request:close): the 404 of a missing Stage.
    const close = createKargoPullRequestCloseAction(options);
    await expect(
      close.handler(
        actionContext({
          project: 'payments',
          stage: 'prod',
          repoUrl: 'https://gitlab.example.com/payments/deploy',
          number: 7,
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotFoundError', code: 'stageNotFound' });

    // kargo:pull-request:open: reads the Stage with the portal's cluster
    // token and acts with the portal's Git token.
    const open = createKargoPullRequestOpenAction(options);
    const ctx = actionContext({
      project: 'payments',
      stage: 'prod',
      title: 'from a user who may not read payments',
    });
    await open.handler(ctx);
    // Measured: the hidden project's repository, MR number and branches.
    expect(outputsOf(ctx)).toEqual({
      number: 7,
      url: 'https://gitlab.example.com/payments/deploy/-/merge_requests/7',
      reclaimed: true,
      sourceBranch: 'release/payments-prod',
      targetBranch: 'main',
    });
    // kargo.stage.read was never asked by the open action.
    const asked = env.permissions.authorize.mock.calls.flatMap(
      ([requests]: [Array<{ permission: { name: string } }>]) =>
        requests.map(r => r.permission.name),
    );
    expect(asked.filter(n => n === 'kargo.pullrequest.open')).toHaveLength(1);
    // (the one kargo.stage.read is the close action's, through the pipeline)
    expect(asked.filter(n => n === 'kargo.stage.read')).toHaveLength(1);
  });

  it('tells a Stage that does not exist ("Stage … not found", InputError) from one the user may not read (an answer built from it)', async () => {
    opensButMayNotReadPayments();
    const open = createKargoPullRequestOpenAction(actionOptions(env));
    const answer = async (stage: string) => {
      try {
        await open.handler(
          actionContext({ project: 'payments', stage, title: 'probe' }),
        );
        return 'opened';
      } catch (e) {
        return `${(e as Error).name}: ${(e as Error).message}`;
      }
    };
    expect(await answer('no-such-stage')).toBe(
      'InputError: Stage no-such-stage not found in project payments',
    );
    expect(await answer('prod')).toBe('opened');
  });

  it('lets a service principal that kargo.access.services does not let write open PRs in any project once allowServicePrincipals is set, where the pipeline refuses it', async () => {
    env.permissions.authorize.mockReset();
    // Backstage's permission client: services are allowed everything.
    env.permissions.authorize.mockImplementation(async (requests: unknown[]) =>
      requests.map(() => ({ result: AuthorizeResult.ALLOW })),
    );
    const service = mockCredentials.service('external:some-bot');
    const options = {
      ...actionOptions(env, { serviceWriters: new Set<string>() }),
      allowServicePrincipals: true,
    };
    const close = createKargoPullRequestCloseAction(options);
    await expect(
      close.handler(
        actionContext(
          {
            project: 'payments',
            stage: 'prod',
            repoUrl: 'https://gitlab.example.com/payments/deploy',
            number: 7,
          },
          { credentials: service },
        ),
      ),
    ).rejects.toMatchObject({
      name: 'NotAllowedError',
      message: expect.stringContaining('kargo.access.services[].write'),
    });
    const open = createKargoPullRequestOpenAction(options);
    const ctx = actionContext(
      { project: 'payments', stage: 'prod', title: 'from a bot' },
      { credentials: service },
    );
    await open.handler(ctx);
    expect(outputsOf(ctx)).toMatchObject({ number: 7, reclaimed: true });
  });
});
