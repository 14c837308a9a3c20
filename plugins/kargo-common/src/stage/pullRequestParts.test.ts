import {
  checkoutFreight,
  checkoutProjectInput,
  checkoutPullRequests,
  devRun,
  prodFailedPromotion,
  prodRunningPromotion,
  prodStage,
  stagingRuns,
} from '../__testUtils__/checkout';
import type { RepositoryError, Stage } from '../types';
import { buildStageDetail, type BuildStageDetailInput } from './detail';
import { buildProjectStages, type BuildProjectStagesInput } from './project';
import { withPullRequests } from './pullRequestParts';

const prodInput: BuildStageDetailInput = {
  instance: 'production',
  kargoUrl: 'https://kargo.example.com',
  stage: prodStage,
  analysisRuns: [...stagingRuns, devRun],
  freight: checkoutFreight,
  promotions: [prodRunningPromotion, prodFailedPromotion],
  pullRequests: [],
  pullRequestErrors: [],
  lastUpdated: '2026-11-30T12:00:00Z',
  stale: false,
};
/** A Stage whose spec (and so its Git steps) cannot be read. */
const garbled = {
  ...prodStage,
  get spec(): Stage['spec'] {
    throw new Error('garbled spec');
  },
} as Stage;
const listedError: RepositoryError = {
  repoUrl: checkoutPullRequests[0].repoUrl,
  message: 'rate limited until 12:30',
} as RepositoryError;

describe('withPullRequests', () => {
  it('gives the detail a full build gives from the new listings', () => {
    const before = buildStageDetail(prodInput);
    expect(before.pullRequests).toEqual([]);
    const after = { ...prodInput, pullRequests: checkoutPullRequests };
    const rebuilt = withPullRequests(before, after);
    expect(rebuilt).toEqual(buildStageDetail(after));
    expect(rebuilt?.openPullRequests).toBeGreaterThan(0);
    // The Promotion timeline links the pull requests it now knows.
    expect(rebuilt?.promotions).not.toEqual(before.promotions);
  });

  it('keeps the Kargo parts of the previous detail, not copies of them', () => {
    const before = buildStageDetail(prodInput);
    const rebuilt = withPullRequests(before, {
      ...prodInput,
      pullRequests: checkoutPullRequests,
    })!;
    expect(rebuilt.verifications).toBe(before.verifications);
    expect(rebuilt.freightOptions).toBe(before.freightOptions);
    expect(rebuilt.actions).toBe(before.actions);
  });

  it('keeps the timeline entries and pull requests a listing left as they were', () => {
    const only = (...numbers: number[]) =>
      checkoutPullRequests.filter(pr => numbers.includes(pr.number));
    const before = buildStageDetail({ ...prodInput, pullRequests: only(41) });
    const after = { ...prodInput, pullRequests: only(41, 42) };
    const rebuilt = withPullRequests(before, after)!;
    expect(rebuilt).toEqual(buildStageDetail(after));
    const timeline = rebuilt.promotions ?? [];
    const kept = timeline.filter(p => before.promotions?.includes(p));
    const changed = timeline.filter(p => !before.promotions?.includes(p));
    expect(kept.length).toBeGreaterThan(0);
    expect(changed.length).toBeGreaterThan(0);
    const pr41 = rebuilt.pullRequests.find(pr => pr.number === 41);
    expect(before.pullRequests).toContain(pr41);
    // Nothing changed: the very same parts.
    const again = withPullRequests(rebuilt, after)!;
    expect(again.promotions).toBe(rebuilt.promotions);
    expect(again.pullRequests).toBe(rebuilt.pullRequests);
  });

  it("shows a repository's listing error, and clears it once it lists again", () => {
    const before = buildStageDetail(prodInput);
    const failing = withPullRequests(before, {
      ...prodInput,
      pullRequestErrors: [listedError],
    })!;
    expect(failing.pullRequestErrors).toEqual([listedError]);
    expect(withPullRequests(failing, prodInput)?.pullRequestErrors).toEqual([]);
  });

  it('asks for a full build when the previous detail had an error', () => {
    const before = { ...buildStageDetail(prodInput), error: 'freight: bad' };
    expect(withPullRequests(before, prodInput)).toBeUndefined();
  });

  it('asks for a full build when a part fails now', () => {
    const before = buildStageDetail(prodInput);
    expect(
      withPullRequests(before, { ...prodInput, stage: garbled }),
    ).toBeUndefined();
  });
});

describe('the pull-request parts of a full build', () => {
  it("keep the Promotion timeline when the Stage's Git steps cannot be walked", () => {
    const listed = { ...prodInput, pullRequests: checkoutPullRequests };
    const whole = buildStageDetail(listed);
    expect(whole.pullRequests.length).toBeGreaterThan(0);
    const detail = buildStageDetail({ ...listed, stage: garbled });
    // Attribution and repositories need the steps; each says so once.
    expect(detail.error).toMatch(/pull requests: garbled spec/);
    expect(detail.error).toMatch(/repositories: garbled spec/);
    expect(detail.pullRequests).toEqual([]);
    // The timeline needs only the Promotions: still all there.
    expect(detail.promotions?.map(p => p.name)).toEqual(
      whole.promotions?.map(p => p.name),
    );
    expect(detail.promotions?.length).toBeGreaterThan(0);
  });
});

describe('buildProjectStages with the details built before', () => {
  const input = checkoutProjectInput;
  const listed: BuildProjectStagesInput = {
    ...input,
    pullRequestsOf: () => ({ pullRequests: checkoutPullRequests, error: null }),
  };
  const before = new Map(
    [...buildProjectStages(input)].map(b => [b.detail.name, b.detail]),
  );

  it('builds the same details as a full build once only the listings changed', () => {
    const partial = [
      ...buildProjectStages({ ...listed, builtBefore: n => before.get(n) }),
    ];
    expect(partial.map(b => b.detail)).toEqual(
      [...buildProjectStages(listed)].map(b => b.detail),
    );
    expect(partial[1].detail.openPullRequests).toBeGreaterThan(0);
  });

  it('never derives the verification history again for a Stage built before', () => {
    // Its runs are still looked up (their sizes, for the Stage's budget),
    // but the history is the one built before, not derived again.
    const partial = [
      ...buildProjectStages({ ...listed, builtBefore: n => before.get(n) }),
    ];
    expect(partial.map(b => b.detail.error)).toEqual([null, null]);
    expect(partial[0].detail.verifications).toBe(
      before.get('staging')!.verifications,
    );
    expect(partial[1].detail.verifications).toBe(
      before.get('prod')!.verifications,
    );
  });

  it('builds a Stage not built before in full', () => {
    const [staging, prod] = [
      ...buildProjectStages({
        ...listed,
        builtBefore: n => (n === 'prod' ? before.get(n) : undefined),
      }),
    ];
    expect(staging.detail).toEqual([...buildProjectStages(listed)][0].detail);
    expect(prod.detail.verifications).toBe(before.get('prod')!.verifications);
  });
});
