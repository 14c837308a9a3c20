import {
  checkoutPullRequests,
  prodFailedPromotion,
  prodRunningPromotion,
  prodStage,
  stagingPromotion,
} from '../__testUtils__/checkout';
import type { OpenPullRequest, PullRequestInfo } from '../types';
import { attributePullRequests } from './attribution';
import { pullRequestCloseRefusal } from './closable';

const promotions = [
  prodRunningPromotion,
  prodFailedPromotion,
  stagingPromotion,
];
const own = (pr: OpenPullRequest): OpenPullRequest => ({
  ...pr,
  fromFork: false,
});

function attribute(pullRequests: OpenPullRequest[]) {
  return attributePullRequests({ stage: prodStage, promotions, pullRequests });
}

describe('which PRs the portal may close for a Stage (closable)', () => {
  it("offers close and branch deletion for an orphaned PR on a Promotion's own branch, nothing for a waited-on one", () => {
    const prs = attribute(checkoutPullRequests.map(own));
    expect(prs.map(pr => [pr.number, pr.orphaned, pr.closable])).toEqual([
      [42, false, undefined],
      [41, true, 'closeAndDeleteBranch'],
    ]);
  });

  it("never attributes a fork's PR by its branch name, so it can never be closed as the Stage's", () => {
    const fork = { ...checkoutPullRequests[1], fromFork: true };
    expect(attribute([fork])).toEqual([]);
  });

  it('offers nothing when the provider does not say where the branch lives', () => {
    const [orphan] = attribute([checkoutPullRequests[1]]);
    expect(orphan.orphaned).toBe(true);
    expect(orphan.closable).toBeUndefined();
  });
});

describe('pullRequestCloseRefusal', () => {
  const base: PullRequestInfo = {
    ...attribute(checkoutPullRequests.map(own))[1],
  };
  const ask = (
    pr: PullRequestInfo | undefined,
    deleteBranch = false,
    provider = 'github',
  ) =>
    pullRequestCloseRefusal({
      pr,
      provider,
      number: 41,
      stage: 'prod',
      deleteBranch,
    });

  it.each<[string, PullRequestInfo | undefined, boolean, string | undefined]>([
    [
      'an orphan on its Promotion branch, with its branch',
      base,
      true,
      undefined,
    ],
    [
      'another Stage’s PR (not attributed here)',
      undefined,
      false,
      'pullRequestNotOfStage',
    ],
    [
      'a closed PR',
      { ...base, state: 'closed', closable: undefined },
      false,
      'pullRequestNotOpen',
    ],
    [
      'a PR a Promotion waits on',
      { ...base, orphaned: false, closable: undefined },
      false,
      'pullRequestWaitedOn',
    ],
    [
      'a fork’s PR',
      { ...base, fromFork: true, closable: undefined },
      false,
      'pullRequestFromFork',
    ],
    [
      'a PR of a branch no Promotion pushes',
      { ...base, closable: undefined },
      false,
      'pullRequestNotPromotionBranch',
    ],
    [
      'a shared literal branch, deleting it',
      { ...base, closable: 'close' },
      true,
      'pullRequestBranchShared',
    ],
    [
      'a shared literal branch, closing only',
      { ...base, closable: 'close' },
      false,
      undefined,
    ],
  ])('%s', (_, pr, deleteBranch, code) => {
    expect(ask(pr, deleteBranch)?.code).toBe(code);
  });

  it("words the PR in its provider's terms", () => {
    expect(ask(undefined, false, 'gitlab')?.params).toEqual({
      reference: 'merge request !41',
      stage: 'prod',
    });
    expect(ask(undefined)?.params).toMatchObject({
      reference: 'pull request #41',
    });
  });
});
