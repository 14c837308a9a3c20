import {
  actionContext,
  actionOptions,
  allowAll,
  denyWrites,
  outputsOf,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { createKargoPullRequestCloseAction } from './pullRequestClose';

jest.setTimeout(60_000);

const REPO = 'https://github.com/acme/checkout-deploy';

describe('kargo:pull-request:close against the sandbox', () => {
  let env: KargoTestEnv;
  let action: ReturnType<typeof createKargoPullRequestCloseAction>;

  useKargoTestEnv(
    started => {
      env = started;
      action = createKargoPullRequestCloseAction(actionOptions(env));
    },
    { allowAll: true },
  );

  const pr = (number: number) =>
    env.sandbox.git.list(REPO).find(p => p.number === number)!;

  it('refuses without kargo.pullrequest.close, before any Git call, and audits the attempt', async () => {
    denyWrites(env);
    env.sandbox.faults.resetCounts();
    const ctx = actionContext({
      project: 'checkout',
      stage: 'prod',
      repoUrl: REPO,
      number: 41,
    });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'NotAllowedError',
    });
    expect(env.sandbox.faults.counts().github).toBe(0);
    expect(pr(41).state).toBe('open');
    expect(env.auditor.events.at(-1)).toMatchObject({
      eventId: 'kargo-pullrequest-close',
      outcome: 'failed',
    });
  });

  it("refuses a PR a Promotion waits on in Kargo's words, closing nothing", async () => {
    allowAll(env);
    const ctx = actionContext({
      project: 'checkout',
      stage: 'prod',
      repoUrl: REPO,
      number: 42,
    });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'ConflictError',
      message: expect.stringContaining('is not orphaned'),
    });
    expect(pr(42).state).toBe('open');
  });

  it("closes checkout/prod's orphaned #41 and deletes its Promotion branch, with the outputs", async () => {
    allowAll(env);
    const branch = pr(41).sourceBranch;
    const ctx = actionContext({
      project: 'checkout',
      stage: 'prod',
      repoUrl: REPO,
      number: 41,
      deleteBranch: true,
    });
    await action.handler(ctx);
    expect(outputsOf(ctx)).toEqual({
      pullRequest: pr(41).webUrl,
      deletedBranch: branch,
    });
    expect(pr(41).state).toBe('closed');
  });
});
