import type { JsonValue } from '@backstage/types';
import {
  actionContext,
  actionOptions,
  denyWrites,
  outputsOf,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { createKargoReverifyAction } from './reverify';

jest.setTimeout(60_000);

const REVERIFY = 'kargo.akuity.io/reverify';

describe('kargo:reverify against the sandbox', () => {
  let env: KargoTestEnv;
  let action: ReturnType<typeof createKargoReverifyAction>;

  useKargoTestEnv(
    started => {
      env = started;
      action = createKargoReverifyAction(actionOptions(env));
    },
    { allowAll: true },
  );

  const currentVerificationId = async (project: string, stage: string) =>
    (await env.kargo.cluster().getStage(project, stage)).status
      ?.freightHistory?.[0]?.verificationHistory?.[0]?.id;

  it('asks Kargo to repeat the current verification, even with stale Running entries in the history', async () => {
    // checkout/staging is the stale bug: old collections record Running
    // verifications whose AnalysisRuns all failed.
    const id = await currentVerificationId('checkout', 'staging');
    const ctx = actionContext({ project: 'checkout', stage: 'staging' });
    await action.handler(ctx);

    expect(outputsOf(ctx)).toEqual({
      verificationId: id,
      actedAs: 'kubernetes',
    });
    const stage = await env.kargo.cluster().getStage('checkout', 'staging');
    expect(JSON.parse(stage.metadata!.annotations![REVERIFY])).toEqual({
      id,
      // writes: kubernetes: Kargo's webhook records the token's account.
      actor: 'kubernetes:system:serviceaccount:backstage:kargo-admin',
    });
  });

  it('waits for the new verification and reports the phase of its AnalysisRun', async () => {
    const previous = await currentVerificationId('checkout', 'dev');
    const ctx = actionContext({
      project: 'checkout',
      stage: 'dev',
      wait: true,
    });
    await action.handler(ctx);

    const outputs = outputsOf(ctx);
    expect(outputs.verificationId).not.toBe(previous);
    expect(outputs.verificationId).toBe(
      await currentVerificationId('checkout', 'dev'),
    );
    expect(['Successful', 'Failed', 'Error', 'Inconclusive']).toContain(
      outputs.phase,
    );
    const stage = await env.kargo.cluster().getStage('checkout', 'dev');
    const vi = stage.status!.freightHistory![0].verificationHistory![0];
    const run = await env.kargo
      .cluster()
      .getAnalysisRun('checkout', vi.analysisRun!.name!);
    expect(outputs.phase).toBe(run.status?.phase);
  });

  it('asks only once when a task is retried', async () => {
    const store = new Map<string, JsonValue>();
    const cluster = env.kargo.cluster();
    const patch = jest.spyOn(cluster, 'patchStageAnnotations');
    try {
      await action.handler(
        actionContext({ project: 'payments', stage: 'qa' }, { store }),
      );
      await action.handler(
        actionContext({ project: 'payments', stage: 'qa' }, { store }),
      );
      expect(patch).toHaveBeenCalledTimes(1);
    } finally {
      patch.mockRestore();
    }
  });

  it('refuses while the current verification is really running', async () => {
    const ctx = actionContext({ project: 'payments', stage: 'test' });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'ConflictError',
      message: expect.stringMatching(/running/i),
    });
    const stage = await env.kargo.cluster().getStage('payments', 'test');
    expect(stage.metadata?.annotations?.[REVERIFY]).toBeUndefined();
  });

  it('names the Stage and project when the Stage does not exist', async () => {
    const ctx = actionContext({ project: 'payments', stage: 'nope' });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'NotFoundError',
      code: 'stageNotFound',
      message: expect.stringContaining(
        "Stage 'nope' not found in Kargo project 'payments'",
      ),
    });
  });

  it('makes no request in a dry run', async () => {
    const before = env.kargo.requestCount;
    const ctx = actionContext(
      { project: 'checkout', stage: 'prod', wait: true },
      { isDryRun: true },
    );
    await action.handler(ctx);
    expect(env.kargo.requestCount).toBe(before);
    expect(outputsOf(ctx)).toEqual({
      verificationId: '00000000-0000-0000-0000-000000000000',
      phase: 'Successful',
    });
  });

  it('refuses with NotAllowedError when the user may not reverify, and writes nothing', async () => {
    denyWrites(env);
    const before = env.kargo.requestCount;
    const ctx = actionContext({ project: 'checkout', stage: 'prod' });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'NotAllowedError',
      message:
        "Not allowed: kargo.stage.reverify on Stage 'prod' of project 'checkout'",
    });
    expect(env.kargo.requestCount).toBe(before);
    const stage = await env.kargo.cluster().getStage('checkout', 'prod');
    expect(stage.metadata?.annotations?.[REVERIFY]).toBeUndefined();
  });
});
