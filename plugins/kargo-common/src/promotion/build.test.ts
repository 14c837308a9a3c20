import type { Promotion, Stage } from '../types';
import { buildPromotion, recordedPullRequestUrl } from './build';

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

describe('recordedPullRequestUrl', () => {
  const base: Promotion = { spec: stage.spec!.promotionTemplate!.spec };

  it('reads pr.url from the git-open-pr step output', () => {
    const promotion: Promotion = {
      ...base,
      status: {
        state: {
          'step-1': { commit: 'abc' },
          'open-pr': {
            pr: {
              id: 42,
              url: 'https://github.com/acme/checkout-deploy/pull/42',
            },
          },
        },
      },
    };
    expect(recordedPullRequestUrl(promotion)).toBe(
      'https://github.com/acme/checkout-deploy/pull/42',
    );
  });

  it('uses the step-<n> alias of an unnamed git-open-pr step', () => {
    const promotion: Promotion = {
      spec: { steps: [{ uses: 'git-push' }, { uses: 'git-open-pr' }] },
      status: { state: { 'step-2': { pr: { url: 'https://x/pull/1' } } } },
    };
    expect(recordedPullRequestUrl(promotion)).toBe('https://x/pull/1');
  });

  it('falls back to any step output that carries pr.url', () => {
    const promotion: Promotion = {
      spec: { steps: [] },
      status: {
        state: {
          'wait-for-pr': { pr: { url: 'https://x/pull/9', merged: false } },
        },
      },
    };
    expect(recordedPullRequestUrl(promotion)).toBe('https://x/pull/9');
  });

  it('returns undefined when no step recorded a pull request', () => {
    expect(recordedPullRequestUrl(base)).toBeUndefined();
    expect(
      recordedPullRequestUrl({
        ...base,
        status: { state: { 'open-pr': { pr: { id: 3 } } } },
      }),
    ).toBeUndefined();
  });
});
