import { runExamples } from '../__testUtils__/examples';
import { createKargoReverifyAction } from './reverify';
import { examples } from './reverify.examples';

jest.setTimeout(60_000);

describe('kargo:reverify examples', () => {
  runExamples({
    examples,
    createAction: createKargoReverifyAction,
    check: async ({ env, step, outputs }) => {
      expect(outputs.verificationId).toMatch(/^[0-9a-f-]{36}$/);
      // The phase is known only when the action waited for the new run.
      expect(Object.keys(outputs).sort()).toEqual(
        step.input.wait
          ? ['actedAs', 'phase', 'verificationId']
          : ['actedAs', 'verificationId'],
      );
      const stage = await env.kargo
        .cluster()
        .getStage(step.input.project, step.input.stage);
      expect(
        JSON.parse(stage.metadata!.annotations!['kargo.akuity.io/reverify']),
      ).toEqual({
        id: expect.any(String),
        actor: 'kubernetes:system:serviceaccount:backstage:kargo-admin',
      });
    },
  });
});
