import type { Stage } from '../types';
import { buildPromotion } from './newPromotion';

const stage: Stage = {
  metadata: { name: 'prod', namespace: 'checkout' },
  spec: {
    promotionTemplate: {
      spec: {
        vars: [
          { name: 'repoURL', value: 'https://github.com/acme/checkout-deploy' },
        ],
        steps: [
          { uses: 'git-clone', config: { repoURL: '${{ vars.repoURL }}' } },
          {
            uses: 'git-open-pr',
            as: 'open-pr',
            config: { targetBranch: 'main' },
          },
        ],
      },
    },
  },
};

describe('buildPromotion', () => {
  it('builds the Promotion Kargo would create from the Stage template', () => {
    const promotion = buildPromotion({
      stage,
      freight: { metadata: { name: 'abc123' } },
      name: 'prod.01j.abc123',
      actor: 'user:default/guest',
    });
    expect(promotion).toEqual({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Promotion',
      metadata: {
        name: 'prod.01j.abc123',
        namespace: 'checkout',
        annotations: { 'kargo.akuity.io/create-actor': 'user:default/guest' },
      },
      spec: {
        stage: 'prod',
        freight: 'abc123',
        steps: stage.spec!.promotionTemplate!.spec!.steps,
        vars: stage.spec!.promotionTemplate!.spec!.vars,
      },
    });
  });

  it('copies the steps so later edits of the Promotion leave the Stage alone', () => {
    const promotion = buildPromotion({ stage, freight: 'abc', name: 'n' });
    promotion.spec!.steps![0].uses = 'changed';
    expect(stage.spec!.promotionTemplate!.spec!.steps![0].uses).toBe(
      'git-clone',
    );
  });

  it('omits the actor annotation and vars when there are none', () => {
    const bare: Stage = { metadata: { name: 'dev', namespace: 'p' } };
    const promotion = buildPromotion({ stage: bare, freight: 'f', name: 'n' });
    expect(promotion.metadata).toEqual({ name: 'n', namespace: 'p' });
    expect(promotion.spec).toEqual({ stage: 'dev', freight: 'f', steps: [] });
  });
});
