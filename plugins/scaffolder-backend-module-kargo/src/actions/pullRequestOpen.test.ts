import type { JsonValue } from '@backstage/types';
import {
  actionContext,
  actionOptions,
  denyAll,
  outputsOf,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { createKargoPullRequestOpenAction } from './pullRequestOpen';

jest.setTimeout(60_000);

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

  it('reclaims the GitLab merge request already open for the source branch instead of failing with 409', async () => {
    const ctx = actionContext({
      repoUrl: 'https://gitlab.example.com/payments/deploy',
      sourceBranch: 'release/payments-prod',
      targetBranch: 'main',
      title: 'Release payments to prod',
    });
    await action.handler(ctx);
    expect(outputsOf(ctx)).toEqual({
      number: 7,
      url: expect.stringMatching(/payments\/deploy\/-\/merge_requests\/7$/),
      reclaimed: true,
    });
  });

  it('opens a GitHub pull request from a RepoUrlPicker value, and reclaims it the second time', async () => {
    const repo = 'https://github.com/acme/checkout-deploy';
    const before = await openPullRequests(repo);
    const input = {
      repoUrl: 'github.com?owner=acme&repo=checkout-deploy',
      sourceBranch: 'release/checkout-hotfix',
      targetBranch: 'main',
      title: 'Hotfix checkout',
      description: 'Opened by a test.',
    };
    const first = actionContext(input);
    await action.handler(first);
    const opened = outputsOf(first);
    expect(opened).toEqual({
      number: expect.any(Number),
      url: `${repo}/pull/${opened.number}`,
      reclaimed: false,
    });
    expect(await openPullRequests(repo)).toHaveLength(before.length + 1);

    // A new task (no shared checkpoints) finds the open one.
    const second = actionContext(input);
    await action.handler(second);
    expect(outputsOf(second)).toEqual({ ...opened, reclaimed: true });
    expect(await openPullRequests(repo)).toHaveLength(before.length + 1);
  });

  it('calls the provider once when a task is retried', async () => {
    const store = new Map<string, JsonValue>();
    const spy = jest.spyOn(env.kargo.pullRequests, 'openOrReclaim');
    try {
      const input = {
        repoUrl: 'https://github.com/acme/checkout-deploy.git',
        sourceBranch: 'release/retry',
        targetBranch: 'main',
        title: 'Retry',
      };
      await action.handler(actionContext(input, { store }));
      const retry = actionContext(input, { store });
      await action.handler(retry);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(spy).toHaveBeenCalledWith(
        expect.objectContaining({
          repoUrl: 'https://github.com/acme/checkout-deploy',
        }),
      );
      expect(outputsOf(retry).reclaimed).toBe(false);
    } finally {
      spy.mockRestore();
    }
  });

  it('makes no request in a dry run', async () => {
    const spy = jest.spyOn(env.kargo.pullRequests, 'openOrReclaim');
    try {
      const ctx = actionContext(
        {
          repoUrl: 'gitlab.example.com?owner=payments&repo=deploy',
          sourceBranch: 'release/x',
          targetBranch: 'main',
          title: 'x',
        },
        { isDryRun: true },
      );
      await action.handler(ctx);
      expect(spy).not.toHaveBeenCalled();
      expect(outputsOf(ctx)).toEqual({
        number: 1,
        url: 'https://gitlab.example.com/payments/deploy/-/merge_requests/1',
        reclaimed: false,
      });
    } finally {
      spy.mockRestore();
    }
  });

  it.each([
    [
      'a host without integration',
      { repoUrl: 'git.example.org?owner=a&repo=b' },
      /No matching integration configuration for host git.example.org/,
    ],
    [
      'a plain http URL',
      { repoUrl: 'http://github.com/acme/checkout-deploy' },
      /expected https:\/\/<host>\/<owner>\/<repo>/,
    ],
    [
      'the same source and target branch',
      { sourceBranch: 'main' },
      /both main/,
    ],
  ])('rejects %s with an InputError', async (_, override, message) => {
    const ctx = actionContext({
      repoUrl: 'github.com?owner=acme&repo=checkout-deploy',
      sourceBranch: 'release/x',
      targetBranch: 'main',
      title: 'x',
      ...override,
    });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(message),
    });
  });

  it('refuses with NotAllowedError when the user may not open pull requests, and opens none', async () => {
    denyAll(env);
    const spy = jest.spyOn(env.kargo.pullRequests, 'openOrReclaim');
    try {
      const ctx = actionContext({
        repoUrl: 'github.com?owner=acme&repo=checkout-deploy',
        sourceBranch: 'release/denied',
        targetBranch: 'main',
        title: 'Denied',
      });
      await expect(action.handler(ctx)).rejects.toMatchObject({
        name: 'NotAllowedError',
        message: 'You are not allowed to kargo.pullrequest.open',
      });
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });
});
