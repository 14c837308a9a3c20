import type { JsonValue } from '@backstage/types';
import {
  actionContext,
  actionOptions,
  denyWrites,
  outputsOf,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { createKargoPromoteAction } from './promote';

// One sandbox per file: starting it is the slow part. Tests compare counts
// before and after, so they do not depend on each other's Promotions.
jest.setTimeout(60_000);

describe('kargo:promote against the sandbox', () => {
  let env: KargoTestEnv;
  let action: ReturnType<typeof createKargoPromoteAction>;

  useKargoTestEnv(
    started => {
      env = started;
      action = createKargoPromoteAction(actionOptions(env));
    },
    { allowAll: true },
  );

  const promotionsOf = async (project: string, stage: string) =>
    (await env.kargo.cluster().listPromotions(project)).filter(
      p => p.spec?.stage === stage,
    );

  it('creates a Promotion of the Freight named by alias, as Kargo would', async () => {
    const before = await promotionsOf('checkout', 'staging');
    const ctx = actionContext({
      project: 'checkout',
      stage: 'staging',
      freight: 'calm-heron',
    });
    await action.handler(ctx);

    const after = await promotionsOf('checkout', 'staging');
    expect(after).toHaveLength(before.length + 1);
    const outputs = outputsOf(ctx);
    const created = after.find(p => p.metadata?.name === outputs.promotion)!;
    expect(outputs.promotion).toMatch(/^staging\.[0-9a-z]{26}\.8a7861b$/);
    expect(outputs.phase).toBe('Pending');
    expect(created.spec?.freight).toBe(
      '8a7861b2e82a08d877f387e3b492651047fb6cb6',
    );
    const stage = await env.kargo.cluster().getStage('checkout', 'staging');
    expect(created.spec?.steps?.map(s => s.uses)).toEqual(
      stage.spec?.promotionTemplate?.spec?.steps?.map(s => s.uses),
    );
    expect(
      created.metadata?.annotations?.['kargo.akuity.io/create-actor'],
    ).toBe('kubernetes:system:serviceaccount:backstage:kargo-admin');
    expect(env.permissions.authorize).toHaveBeenCalledWith(
      [
        expect.objectContaining({
          permission: expect.objectContaining({ name: 'kargo.stage.promote' }),
          resourceRef: 'sandbox/checkout/staging',
        }),
      ],
      expect.anything(),
    );
  });

  it('waits for the Promotion to succeed', async () => {
    const ctx = actionContext({
      project: 'checkout',
      stage: 'dev',
      freight: 'amber-falcon',
      wait: true,
      timeoutSeconds: 30,
    });
    await action.handler(ctx);
    const outputs = outputsOf(ctx);
    expect(outputs.phase).toBe('Succeeded');
    expect(outputs.pullRequestUrl).toBeUndefined();
    const promotion = await env.kargo
      .cluster()
      .getPromotion('checkout', outputs.promotion as string);
    expect(promotion.status?.phase).toBe('Succeeded');
  });

  it('gives up after the timeout, still returning the pull request the Promotion opened', async () => {
    // Staging ends with git-wait-for-pr, which runs until someone merges.
    const ctx = actionContext({
      project: 'checkout',
      stage: 'staging',
      freight: '8a7861b2e82a08d877f387e3b492651047fb6cb6',
      wait: true,
      timeoutSeconds: 5,
    });
    await expect(action.handler(ctx)).rejects.toThrow(
      /^Promotion staging\.[0-9a-z]{26}\.8a7861b did not finish within 5 seconds \(phase Running\); it keeps running in Kargo$/,
    );
    const outputs = outputsOf(ctx);
    expect(outputs.phase).toBe('Running');
    expect(outputs.pullRequestUrl).toMatch(
      /^https:\/\/github\.com\/acme\/checkout-deploy\/pull\/\d+$/,
    );
  });

  it('with waitForPullRequest, returns once the Promotion has opened its pull request', async () => {
    const ctx = actionContext({
      project: 'checkout',
      stage: 'staging',
      freight: 'calm-heron',
      waitForPullRequest: true,
      timeoutSeconds: 30,
    });
    await action.handler(ctx);
    const outputs = outputsOf(ctx);
    expect(outputs.phase).toBe('Running');
    const pullRequests = await env.kargo.pullRequests.listOpenPullRequests(
      'https://github.com/acme/checkout-deploy',
    );
    const opened = pullRequests.find(
      pr => pr.sourceBranch === `kargo/promotion/${outputs.promotion}`,
    );
    expect(opened?.url).toBe(outputs.pullRequestUrl);
  });

  it('does not create a second Promotion when a task is retried', async () => {
    const before = await promotionsOf('checkout', 'dev');
    const store = new Map<string, JsonValue>();
    const input = {
      project: 'checkout',
      stage: 'dev',
      freight: 'amber-falcon',
    };
    const first = actionContext(input, { store });
    const retry = actionContext(input, { store });
    await action.handler(first);
    await action.handler(retry);

    const after = await promotionsOf('checkout', 'dev');
    expect(after).toHaveLength(before.length + 1);
    expect(outputsOf(retry).promotion).toBe(outputsOf(first).promotion);
  });

  it('returns the Promotion a retried task created, even if the Freight is no longer available', async () => {
    const store = new Map<string, JsonValue>();
    const input = {
      project: 'checkout',
      stage: 'dev',
      freight: 'amber-falcon',
    };
    const first = actionContext(input, { store });
    await action.handler(first);

    // dev now takes Freight only once an upstream Stage that never verified it has.
    const stageType = env.sandbox.registry.byKind(
      'kargo.akuity.io/v1alpha1',
      'Stage',
    )!;
    const original = env.sandbox.store.get(stageType, 'checkout', 'dev')!;
    const restricted = structuredClone(original) as any;
    restricted.spec.requestedFreight = restricted.spec.requestedFreight.map(
      (r: any) => ({
        ...r,
        sources: { stages: ['nowhere'] },
      }),
    );
    env.sandbox.store.update(stageType, restricted);
    try {
      const retry = actionContext(input, { store });
      await action.handler(retry);
      expect(outputsOf(retry).promotion).toBe(outputsOf(first).promotion);

      // A new task is refused: the check still applies to creating one.
      await expect(action.handler(actionContext(input))).rejects.toThrow(
        /Freight amber-falcon is not available to Stage dev/,
      );
    } finally {
      const current = env.sandbox.store.get(stageType, 'checkout', 'dev')!;
      env.sandbox.store.update(stageType, {
        ...current,
        spec: original.spec,
      } as any);
    }
  });

  it('makes no request in a dry run', async () => {
    const requestsBefore = env.kargo.requestCount;
    const ctx = actionContext(
      { project: 'checkout', stage: 'dev', freight: 'amber-falcon' },
      { isDryRun: true },
    );
    await action.handler(ctx);
    expect(env.kargo.requestCount).toBe(requestsBefore);
    expect(env.permissions.authorize).not.toHaveBeenCalled();
    expect(outputsOf(ctx)).toEqual({
      promotion: expect.stringMatching(/^dev\.[0-9a-z]{26}\.amber-f$/),
      phase: 'Pending',
    });
  });

  it('rejects an unknown Stage with NotFoundError (stageNotFound) and creates nothing', async () => {
    const before = await env.kargo.cluster().listPromotions('checkout');
    const ctx = actionContext({
      project: 'checkout',
      stage: 'nope',
      freight: 'amber-falcon',
    });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'NotFoundError',
      code: 'stageNotFound',
    });
    expect(await env.kargo.cluster().listPromotions('checkout')).toHaveLength(
      before.length,
    );
  });

  it.each([
    [
      'an unknown Freight',
      { stage: 'dev', freight: 'no-such-freight' },
      'No Freight named or aliased "no-such-freight" in project checkout',
    ],
    [
      'Freight not verified upstream',
      { stage: 'prod', freight: 'amber-falcon' },
      'Freight amber-falcon is not available to Stage prod: Freight "amber-falcon" must be verified in at least one upstream Stage (staging) to be available to Stage "prod"',
    ],
  ])(
    'rejects %s with an InputError and creates nothing',
    async (_, input, message) => {
      const before = await env.kargo.cluster().listPromotions('checkout');
      const ctx = actionContext({ project: 'checkout', ...input });
      await expect(action.handler(ctx)).rejects.toMatchObject({
        name: 'InputError',
        message,
      });
      expect(await env.kargo.cluster().listPromotions('checkout')).toHaveLength(
        before.length,
      );
    },
  );

  it('rejects an unknown Kargo instance', async () => {
    const ctx = actionContext({
      project: 'checkout',
      stage: 'dev',
      freight: 'amber-falcon',
      instance: 'elsewhere',
    });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringContaining("Unknown Kargo instance 'elsewhere'"),
    });
  });

  it('refuses with NotAllowedError when the user may not promote, and writes nothing', async () => {
    denyWrites(env);
    const before = await env.kargo.cluster().listPromotions('checkout');
    const requestsBefore = env.kargo.requestCount;
    const ctx = actionContext({
      project: 'checkout',
      stage: 'dev',
      freight: 'amber-falcon',
    });
    await expect(action.handler(ctx)).rejects.toMatchObject({
      name: 'NotAllowedError',
      message:
        "Not allowed: kargo.stage.promote on Stage 'dev' of project 'checkout'",
    });
    expect(env.kargo.requestCount).toBe(requestsBefore);
    expect(await env.kargo.cluster().listPromotions('checkout')).toHaveLength(
      before.length,
    );
  });
});
