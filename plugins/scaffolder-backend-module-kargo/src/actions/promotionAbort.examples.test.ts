import { runExamples } from '../__testUtils__/examples';
import { createKargoPromotionAbortAction } from './promotionAbort';
import { examples } from './promotionAbort.examples';

jest.setTimeout(60_000);

describe('kargo:promotion:abort examples', () => {
  runExamples({
    examples,
    createAction: createKargoPromotionAbortAction,
    check: async ({ env, step, outputs }) => {
      const promotion = await env.kargo
        .cluster(step.input.instance)
        .getPromotion(step.input.project, outputs.promotion as string);
      expect(promotion.spec?.stage).toBe(step.input.stage);
      // The Kubernetes fallback: Kargo's webhook records the service
      // account that wrote, not the person (docs/api.md).
      expect(
        JSON.parse(promotion.metadata!.annotations!['kargo.akuity.io/abort']),
      ).toEqual({
        action: 'terminate',
        actor: 'kubernetes:system:serviceaccount:backstage:kargo-admin',
      });
    },
  });
});
