import type { JsonValue } from '@backstage/types';
import {
  PROMOTION_HOLD_ANNOTATION,
  SANDBOX_KARGO_API_TOKEN,
} from '@kargo-backstage/kargo-sandbox';
import {
  actionContext,
  actionOptions,
  denyWrites,
  outputsOf,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { createKargoPromotionAbortAction } from './promotionAbort';
import { pollUntil } from './shared';

jest.setTimeout(60_000);

const ABORT = 'kargo.akuity.io/abort';

describe('kargo:promotion:abort against the sandbox', () => {
  let env: KargoTestEnv;
  let action: ReturnType<typeof createKargoPromotionAbortAction>;

  useKargoTestEnv(
    started => {
      env = started;
      action = createKargoPromotionAbortAction(actionOptions(env));
    },
    { allowAll: true },
  );

  const promotionsOf = async (project: string, stage: string) =>
    (await env.kargo.cluster().listPromotions(project)).filter(
      p => p.spec?.stage === stage,
    );
  const abortRequests = async (project: string, stage: string) =>
    (await promotionsOf(project, stage)).filter(
      p => p.metadata?.annotations?.[ABORT],
    );

  /** A Promotion the sandbox's controller keeps Running until aborted. */
  async function heldPromotion(project: string, stage: string) {
    const cluster = env.kargo.cluster();
    const s = await cluster.getStage(project, stage);
    const freight = Object.values(s.status!.freightHistory![0].items!)[0].name!;
    // Kargo's webhook refuses a Freight not available to the Stage: approve
    // it for the Stage first, through Kargo's API (as the admin account).
    const approved = await fetch(
      `${env.sandbox.kargoApiUrl}/v1beta1/projects/${project}/freight/${freight}/approve?stage=${stage}`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${SANDBOX_KARGO_API_TOKEN}` },
      },
    );
    expect(approved.status).toBe(200);
    const created = await cluster.createPromotion(project, {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Promotion',
      metadata: {
        name: `${stage}.01jheld${Date.now().toString(36)}.${freight.slice(
          0,
          7,
        )}`,
        namespace: project,
        annotations: { [PROMOTION_HOLD_ANNOTATION]: 'true' },
      },
      spec: { stage, freight, steps: s.spec!.promotionTemplate!.spec!.steps },
    });
    return created.metadata!.name!;
  }

  it('refuses with NotAllowedError when the user may not promote into the Stage, and writes nothing', async () => {
    denyWrites(env);
    const before = env.kargo.requestCount;
    const ctx = actionContext({ project: 'checkout', stage: 'prod' });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'NotAllowedError',
      message:
        "Not allowed: kargo.stage.promote on Stage 'prod' of project 'checkout'",
    });
    expect(env.kargo.requestCount).toBe(before);
    expect(await abortRequests('checkout', 'prod')).toEqual([]);
    expect(env.auditor.events.at(-1)).toMatchObject({
      eventId: 'kargo-promotion-abort',
      outcome: 'failed',
    });
  });

  it('makes no request in a dry run', async () => {
    const before = env.kargo.requestCount;
    const ctx = actionContext(
      { project: 'checkout', stage: 'prod' },
      { isDryRun: true },
    );
    await action.handler(ctx);
    expect(env.kargo.requestCount).toBe(before);
    expect(outputsOf(ctx)).toEqual({ promotion: 'prod.dry-run' });
  });

  it('says clearly when the Stage runs no Promotion, and writes nothing', async () => {
    const ctx = actionContext({ project: 'checkout', stage: 'dev' });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'InputError',
      message:
        'Stage dev of project checkout has no running or pending Promotion to abort',
    });
    expect(await abortRequests('checkout', 'dev')).toEqual([]);
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

  it('aborts the Promotion the Stage runs (its currentPromotion) as the user, audited; Kargo then ends it', async () => {
    const cluster = env.kargo.cluster();
    const running = (await cluster.getStage('checkout', 'prod')).status!
      .currentPromotion!.name!;
    const ctx = actionContext({ project: 'checkout', stage: 'prod' });
    await action.handler(ctx);

    expect(outputsOf(ctx)).toEqual({
      promotion: running,
      actedAs: 'kubernetes',
    });
    const promotion = await cluster.getPromotion('checkout', running);
    expect(JSON.parse(promotion.metadata!.annotations![ABORT])).toEqual({
      action: 'terminate',
      // writes: kubernetes: Kargo's webhook records the token's account.
      actor: 'kubernetes:system:serviceaccount:backstage:kargo-admin',
    });
    // Nothing else was touched: no other Promotion of prod got the request.
    expect(
      (await abortRequests('checkout', 'prod')).map(p => p.metadata?.name),
    ).toEqual([running]);
    expect(env.auditor.events.at(-1)).toMatchObject({
      eventId: 'kargo-promotion-abort',
      severityLevel: 'high',
      outcome: 'succeeded',
      meta: { project: 'checkout', stage: 'prod', promotion: running },
    });
    const ended = await pollUntil({
      read: async () =>
        (
          await cluster.getPromotion('checkout', running)
        ).status?.phase,
      done: phase => phase === 'Aborted',
      timeoutMs: 20_000,
      intervalMs: 50,
    });
    expect(ended.value).toBe('Aborted');
  });

  it('finds a Promotion that is running for the Stage and asks only once when a task is retried', async () => {
    const name = await heldPromotion('payments', 'uat');
    const cluster = env.kargo.cluster();
    const patch = jest.spyOn(cluster, 'patchPromotionAnnotations');
    const store = new Map<string, JsonValue>();
    try {
      const first = actionContext(
        { project: 'payments', stage: 'uat' },
        { store },
      );
      await action.handler(first);
      const askedByFirst = patch.mock.calls.length;
      const retried = actionContext(
        { project: 'payments', stage: 'uat' },
        { store },
      );
      await action.handler(retried);
      expect(outputsOf(first)).toEqual({
        promotion: name,
        actedAs: 'kubernetes',
      });
      expect(outputsOf(retried)).toEqual({
        promotion: name,
        actedAs: 'kubernetes',
      });
      // The retried task asks nothing; the first asked once (a patch that
      // conflicted with the controller's status update is retried, as
      // client-go's RetryOnConflict does, and is not a second ask).
      expect(patch.mock.calls.length).toBe(askedByFirst);
      const answers = await Promise.allSettled(
        patch.mock.results.map(r => r.value),
      );
      expect(answers.filter(a => a.status === 'fulfilled')).toHaveLength(1);
    } finally {
      patch.mockRestore();
    }
  });
});
