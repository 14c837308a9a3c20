import {
  actionContext,
  actionOptions,
  outputsOf,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { PAYMENTS_PROD } from '../__testUtils__/paymentsProd';
import { createKargoPullRequestOpenAction } from './pullRequestOpen';

jest.setTimeout(60_000);

// Opening a pull request through the write pipeline (issue 35, attack 18)
// lends the portal's Git token to the provider: it must reach no log line,
// output, audit event or error of the task, when the provider answers and
// when it fails.
describe('kargo:pull-request:open and the Git token', () => {
  let env: KargoTestEnv;
  useKargoTestEnv(started => {
    env = started;
  });
  afterEach(() => env.sandbox.faults.clear());

  const gitTokens = () =>
    [...env.integrations.gitlab.list(), ...env.integrations.github.list()]
      .map(i => (i.config as { token?: string }).token)
      .filter((t): t is string => !!t);

  /** Everything the task's author or an auditor sees of one run. */
  async function seen(): Promise<string> {
    const action = createKargoPullRequestOpenAction(actionOptions(env));
    const ctx = actionContext(PAYMENTS_PROD.input);
    const logged: unknown[] = [];
    for (const level of ['info', 'warn', 'error', 'debug'] as const) {
      jest
        .spyOn(ctx.logger, level)
        .mockImplementation((...args: unknown[]) => void logged.push(args));
    }
    const error = await action.handler(ctx).then(
      () => undefined,
      (e: Error) => ({ name: e.name, message: e.message, stack: e.stack }),
    );
    return JSON.stringify({
      logged,
      outputs: outputsOf(ctx),
      error,
      audit: env.auditor.events,
    });
  }

  it('keeps the Git token out of the logs, outputs, audit events and errors of a task, when the provider answers and when it fails', async () => {
    expect(gitTokens().length).toBeGreaterThan(0);
    const answered = await seen();
    expect(answered).toContain(PAYMENTS_PROD.reclaimed.url);
    env.sandbox.faults.set({ path: /^\/gitlab\//, status: 502 });
    const failed = await seen();
    expect(failed).toContain('"error":{');
    for (const token of gitTokens()) {
      expect(answered).not.toContain(token);
      expect(failed).not.toContain(token);
    }
  });
});
