import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { promotionsOfStage } from '@kargo-backstage/plugin-kargo-common';
import type { JsonValue } from '@backstage/types';
import {
  actionContext,
  actionOptions,
  denyWrites,
  outputsOf,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { PAYMENTS_PROD } from '../__testUtils__/paymentsProd';
import { createKargoPullRequestOpenAction } from './pullRequestOpen';

jest.setTimeout(60_000);

const CHECKOUT_REPO = 'https://github.com/acme/checkout-deploy';

describe('kargo:pull-request:open against the sandbox', () => {
  let env: KargoTestEnv;
  let action: ReturnType<typeof createKargoPullRequestOpenAction>;

  useKargoTestEnv(
    started => {
      env = started;
      action = createKargoPullRequestOpenAction(actionOptions(env));
    },
    { allowAll: true },
  );

  const openPullRequests = (repoUrl: string) =>
    env.kargo.pullRequests.listOpenPullRequests(repoUrl);

  /** The newest Promotion of checkout/staging in the sandbox. */
  async function stagingPromotion(): Promise<string> {
    const cluster = env.kargo.cluster();
    const stage = await cluster.getStage('checkout', 'staging');
    const [newest] = promotionsOfStage(
      stage,
      await cluster.listPromotions('checkout'),
    );
    return newest.metadata!.name!;
  }

  it("takes the Stage and derives repository, head and base from its git-open-pr step: reclaims payments/prod's open merge request !7", async () => {
    const ctx = actionContext(PAYMENTS_PROD.input);
    await action.handler(ctx);
    expect(outputsOf(ctx)).toEqual(PAYMENTS_PROD.reclaimed);
  });

  it('takes the Promotion for a head made per Promotion: opens kargo/promotion/<promotion> into stage/staging, then reclaims it', async () => {
    const promotion = await stagingPromotion();
    const input = {
      project: 'checkout',
      stage: 'staging',
      promotion,
      title: 'Promote to staging',
    };
    const first = actionContext(input);
    await action.handler(first);
    const opened = outputsOf(first);
    expect(opened).toMatchObject({
      url: `${CHECKOUT_REPO}/pull/${opened.number}`,
      sourceBranch: `kargo/promotion/${promotion}`,
      targetBranch: 'stage/staging',
    });
    const second = actionContext(input);
    await action.handler(second);
    expect(outputsOf(second)).toEqual({ ...opened, reclaimed: true });
  });

  it('lends the Git token to nothing the Stage does not name: a free repoUrl, sourceBranch `someone:branch` and targetBranch reach no provider', async () => {
    const spy = jest.spyOn(env.kargo.pullRequests, 'openOrReclaim');
    try {
      const promotion = await stagingPromotion();
      const before = await openPullRequests(CHECKOUT_REPO);
      // The old free inputs are no inputs any more: without a Stage nothing runs.
      await expect(
        action.handler(
          actionContext({
            repoUrl: 'github.com?owner=acme&repo=checkout-deploy',
            sourceBranch: 'mallory:main',
            targetBranch: 'main',
            title: 'x',
          } as any),
        ),
      ).rejects.toMatchObject({ name: 'InputError' });
      // Another repository than the Stage's: refused unless config lists it.
      await expect(
        action.handler(
          actionContext({
            project: 'checkout',
            stage: 'staging',
            promotion,
            repoUrl: 'https://gitlab.example.com/payments/deploy',
            sourceBranch: 'release/payments-prod',
            targetBranch: 'main',
            title: 'Hijack',
          }),
        ),
      ).rejects.toMatchObject({
        name: 'InputError',
        message: expect.stringMatching(
          /kargo\.pullRequests\.allowedRepositories does not list it/,
        ),
      });
      expect(spy).not.toHaveBeenCalled();
      expect(await openPullRequests(CHECKOUT_REPO)).toEqual(before);
    } finally {
      spy.mockRestore();
    }
  });

  it("reclaims only a pull request whose head is a branch the Stage produces: another Stage's open merge request is never retitled", async () => {
    const payments = 'https://gitlab.example.com/payments/deploy';
    const before = await openPullRequests(payments);
    // checkout/staging's step names acme/checkout-deploy; even with
    // payments/deploy allowed, its head stays kargo/promotion/<promotion>.
    const allowed = createKargoPullRequestOpenAction(
      actionOptions(env, { allowedRepositories: [payments] }),
    );
    const promotion = await stagingPromotion();
    const ctx = actionContext({
      project: 'checkout',
      stage: 'staging',
      promotion,
      repoUrl: payments,
      title: 'Retitled?',
    });
    await allowed.handler(ctx);
    expect(outputsOf(ctx)).toMatchObject({
      reclaimed: false,
      sourceBranch: `kargo/promotion/${promotion}`,
    });
    const after = await openPullRequests(payments);
    for (const pr of before) {
      expect(after.find(p => p.number === pr.number)?.title).toBe(pr.title);
    }
  });

  it('calls the provider once when a task is retried', async () => {
    const store = new Map<string, JsonValue>();
    const spy = jest.spyOn(env.kargo.pullRequests, 'openOrReclaim');
    try {
      const input = { project: 'payments', stage: 'prod', title: 'Retry' };
      await action.handler(actionContext(input, { store }));
      await action.handler(actionContext(input, { store }));
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith(
        expect.objectContaining({
          repoUrl: 'https://gitlab.example.com/payments/deploy',
          sourceBranch: 'release/payments-prod',
        }),
      );
    } finally {
      spy.mockRestore();
    }
  });

  it('makes no request in a dry run', async () => {
    const spy = jest.spyOn(env.kargo.pullRequests, 'openOrReclaim');
    try {
      const ctx = actionContext(
        { project: 'payments', stage: 'prod', title: 'x' },
        { isDryRun: true },
      );
      await action.handler(ctx);
      expect(spy).not.toHaveBeenCalled();
      expect(outputsOf(ctx)).toMatchObject({ number: 1, reclaimed: false });
    } finally {
      spy.mockRestore();
    }
  });

  it.each([
    [
      'a Stage without git-open-pr step',
      { project: 'checkout', stage: 'dev' },
      /has no git-open-pr step/,
    ],
    [
      'a Promotion of another Stage',
      { project: 'payments', stage: 'prod', promotion: 'staging.x' },
      /Promotion staging.x not found|is not a Promotion of Stage prod/,
    ],
    [
      'a project name with a path in it',
      { project: '../kube-system', stage: 'prod' },
      /Invalid project/,
    ],
    [
      'a Stage name with upper case',
      { project: 'payments', stage: 'Prod' },
      /Invalid stage/,
    ],
  ])('rejects %s with an InputError', async (_, input, message) => {
    const ctx = actionContext({ title: 'x', ...input });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(message),
    });
  });

  it('answers a missing Stage as not found (as one the user may not read), and opens nothing', async () => {
    const spy = jest.spyOn(env.kargo.pullRequests, 'openOrReclaim');
    try {
      const ctx = actionContext({
        project: 'checkout',
        stage: 'nope',
        title: 'x',
      });
      await expect(action.handler(ctx)).rejects.toMatchObject({
        name: 'NotFoundError',
        code: 'stageNotFound',
      });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('checks kargo.pullrequest.open on the Stage for the initiating user, and opens nothing when denied', async () => {
    denyWrites(env);
    const spy = jest.spyOn(env.kargo.pullRequests, 'openOrReclaim');
    try {
      const ctx = actionContext({
        project: 'payments',
        stage: 'prod',
        title: 'Denied',
      });
      await expect(action.handler(ctx)).rejects.toMatchObject({
        name: 'NotAllowedError',
        message: expect.stringContaining('kargo.pullrequest.open on'),
      });
      expect(env.permissions.authorize).toHaveBeenCalledWith(
        [
          {
            permission: expect.objectContaining({
              name: 'kargo.pullrequest.open',
              resourceType: 'kargo-stage',
            }),
            resourceRef: `${env.kargo.listInstances()[0].name}/payments/prod`,
          },
        ],
        {
          credentials: expect.objectContaining({
            principal: expect.objectContaining({ type: 'user' }),
          }),
        },
      );
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
      env.permissions.authorize.mockImplementation(async (r: unknown[]) =>
        r.map(() => ({ result: AuthorizeResult.ALLOW })),
      );
    }
  });
});
