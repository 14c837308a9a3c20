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
import { toAssistantStageListItem } from '../assistant/stageView';
import { buildStageDetail, toStageSummary } from './detail';
import { Interner } from '../util/interner';
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

  it("holds what an instance's details repeat once, through the instance's interner", () => {
    const interner = new Interner();
    const first = [...buildProjectStages({ ...input, interner })];
    const again = [...buildProjectStages({ ...input, interner })];
    const alone = [...buildProjectStages(input)];
    // The same details as without it.
    expect(first.map(b => b.detail)).toEqual(alone.map(b => b.detail));
    const plainLists = (built: typeof first) =>
      built.flatMap(b =>
        b.detail.verifications
          .map(v => v.metrics)
          .filter(
            m =>
              m.length &&
              m.every(x => !x.message && !x.failedMeasurements.length),
          ),
      );
    const shared = plainLists(first);
    expect(shared.length).toBeGreaterThan(0);
    // A rebuild (and another Stage) holds the very same metric lists...
    plainLists(again).forEach((list, i) => expect(list).toBe(shared[i]));
    // ...which details built without the instance's interner do not.
    plainLists(alone).forEach((list, i) => expect(list).not.toBe(shared[i]));
    // Its origins are remembered in the instance's table.
    const origins = first.flatMap(b =>
      (b.detail.requestedFreight ?? []).map(r => r.origin),
    );
    expect(origins.length).toBeGreaterThan(0);
    const size = interner.size;
    for (const origin of origins) interner.internText(`${origin}`);
    expect(interner.size).toBe(size);
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

  it('says the PRs of a Stage whose repository was never listed are not known yet, never 0', () => {
    const [staging, prod] = [
      ...buildProjectStages({ ...input, pullRequestsOf: () => undefined }),
    ];
    expect(prod.repositories.length).toBeGreaterThan(0);
    expect(prod.detail.pullRequestsPending).toBe(true);
    expect(toStageSummary(prod.detail).pullRequestsPending).toBe(true);
    expect(toAssistantStageListItem(prod.detail).openPullRequests).toBeNull();
    // A Stage that opens no PRs has nothing to wait for.
    expect(staging.repositories).toEqual([]);
    expect(staging.detail.pullRequestsPending).toBeUndefined();
    // Listed (an error is an answer too): known.
    const [, listedProd] = [...buildProjectStages(input)];
    expect(listedProd.detail.pullRequestsPending).toBeUndefined();
    const [, failedProd] = [
      ...buildProjectStages({
        ...input,
        pullRequestsOf: repoUrl => ({
          pullRequests: [],
          error: { repoUrl, message: 'unreachable' },
        }),
      }),
    ];
    expect(failedProd.detail.pullRequestsPending).toBeUndefined();
  });

  it('ends "not known yet" when the first listing arrives for a Stage built before', () => {
    const before = new Map(
      [
        ...buildProjectStages({ ...input, pullRequestsOf: () => undefined }),
      ].map(b => [b.detail.name, b.detail]),
    );
    expect(before.get('prod')!.pullRequestsPending).toBe(true);
    const [, prod] = [
      ...buildProjectStages({ ...input, builtBefore: n => before.get(n) }),
    ];
    expect(prod.detail.pullRequestsPending).toBeUndefined();
    expect(prod.detail.openPullRequests).toBeGreaterThan(0);
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
