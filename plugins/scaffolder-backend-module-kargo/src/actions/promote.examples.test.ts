import { runExamples } from '../__testUtils__/examples';
import { createKargoPromoteAction } from './promote';
import { examples } from './promote.examples';

jest.setTimeout(60_000);

describe('kargo:promote examples', () => {
  runExamples({
    examples,
    createAction: createKargoPromoteAction,
    check: async ({ env, step, outputs }) => {
      const promotion = await env.kargo
        .cluster(step.input.instance)
        .getPromotion(step.input.project, outputs.promotion as string);
      expect(promotion.spec?.stage).toBe(step.input.stage);
      let expectedPhase = 'Pending';
      if (step.input.wait) expectedPhase = 'Succeeded';
      else if (step.input.waitForPullRequest) expectedPhase = 'Running';
      expect(outputs.phase).toBe(expectedPhase);
      // Only a Promotion followed until its pull request reports one.
      expect(typeof outputs.pullRequestUrl).toBe(
        step.input.waitForPullRequest ? 'string' : 'undefined',
      );
    },
  });
});
