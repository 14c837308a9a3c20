import {
  actionContext,
  actionOptions,
  type KargoTestEnv,
  useKargoTestEnv,
} from '../__testUtils__/kargoTestEnv';
import { createKargoPromoteAction } from './promote';
import { createKargoReverifyAction } from './reverify';
import { MAX_TIMEOUT_SECONDS } from './stageAction';

// Issue 35, finding 7: a template could make a task poll the cluster every
// second for as long as it liked. Above the bound: a 400-style InputError,
// before anything is written.
jest.setTimeout(60_000);

describe('timeoutSeconds of the waiting actions', () => {
  let env: KargoTestEnv;
  useKargoTestEnv(
    started => {
      env = started;
    },
    { allowAll: true },
  );

  it.each([
    [
      'kargo:promote',
      { freight: 'amber-falcon', wait: true },
      () => createKargoPromoteAction(actionOptions(env)),
    ],
    [
      'kargo:reverify',
      { wait: true },
      () => createKargoReverifyAction(actionOptions(env)),
    ],
  ] as const)(
    '%s refuses a timeout above the bound and writes nothing',
    async (_id, extra, create) => {
      const action = create();
      const promotions = (await env.kargo.cluster().listPromotions('checkout'))
        .length;
      const stage = await env.kargo.cluster().getStage('checkout', 'dev');
      const ctx = actionContext({
        project: 'checkout',
        stage: 'dev',
        ...extra,
        timeoutSeconds: MAX_TIMEOUT_SECONDS + 1,
      });
      await expect(action.handler(ctx as any)).rejects.toMatchObject({
        name: 'InputError',
        message: expect.stringContaining(
          `timeoutSeconds must be at most ${MAX_TIMEOUT_SECONDS}`,
        ),
      });
      expect(
        (await env.kargo.cluster().listPromotions('checkout')).length,
      ).toBe(promotions);
      expect(
        (await env.kargo.cluster().getStage('checkout', 'dev')).metadata
          ?.annotations,
      ).toEqual(stage.metadata?.annotations);
      // The schema says so too (the scaffolder validates templates with it).
      const schema = JSON.stringify(action.schema?.input);
      expect(schema).toContain(`"maximum":${MAX_TIMEOUT_SECONDS}`);
    },
  );
});
