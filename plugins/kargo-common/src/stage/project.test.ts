import {
  checkoutFreight,
  checkoutProjectInput,
  checkoutPullRequests,
  devRun,
  prodFailedPromotion,
  prodRunningPromotion,
  prodStage,
  stagingRuns,
  stagingStage,
} from '../__testUtils__/checkout';
import type { Stage } from '../types';
import { buildStageDetail } from './detail';
import { buildProjectStages, type BuildProjectStagesInput } from './project';

const input: BuildProjectStagesInput = {
  ...checkoutProjectInput,
  pullRequestsOf: () => ({ pullRequests: checkoutPullRequests, error: null }),
};

describe('buildProjectStages', () => {
  it('builds each Stage as buildStageDetail does from the whole lists', () => {
    const built = [...buildProjectStages(input)];
    expect(built.map(b => b.detail.name)).toEqual(['staging', 'prod']);
    const prod = built[1];
    expect(prod.repositories.length).toBeGreaterThan(0);
    expect(prod.detail).toEqual(
      buildStageDetail({
        instance: 'production',
        kargoUrl: 'https://kargo.example.com',
        stage: prodStage,
        analysisRuns: [...stagingRuns, devRun],
        freight: checkoutFreight,
        promotions: [prodRunningPromotion, prodFailedPromotion],
        pullRequests: checkoutPullRequests,
        pullRequestErrors: [],
        lastUpdated: '2026-11-30T12:00:00Z',
        stale: false,
      }),
    );
  });

  it('builds only the Stages asked for', () => {
    const built = [
      ...buildProjectStages({ ...input, only: new Set(['prod']) }),
    ];
    expect(built.map(b => b.detail.name)).toEqual(['prod']);
  });

  it('shows no pull requests for a repository never listed, without failing', () => {
    const [, prod] = [
      ...buildProjectStages({ ...input, pullRequestsOf: () => undefined }),
    ];
    expect(prod.detail.pullRequests).toEqual([]);
    expect(prod.detail.error).toBeNull();
  });

  it('gives a Stage that cannot be built its own error entry, the others unharmed', () => {
    const broken = {
      metadata: { name: 'broken', namespace: 'checkout' },
      get spec(): Stage['spec'] {
        throw new Error('garbled spec');
      },
    } as Stage;
    const built = [
      ...buildProjectStages({ ...input, stages: [broken, stagingStage] }),
    ];
    expect(built[0].detail).toMatchObject({
      name: 'broken',
      phase: 'Unknown',
      error: 'This Stage could not be read: garbled spec',
    });
    expect(built[1].detail).toMatchObject({ name: 'staging', error: null });
  });
});
