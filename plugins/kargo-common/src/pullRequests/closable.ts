import type { Reason } from '../reasons';
import type { PullRequestInfo } from '../types';
import { pullRequestReference, pullRequestTerms } from './terms';

/** "pull request #7", "merge request !7": a PR/MR in its provider's words. */
function phrase(provider: string, number: number): string {
  const noun =
    pullRequestTerms(provider).noun === 'mergeRequest'
      ? 'merge request'
      : 'pull request';
  return `${noun} ${pullRequestReference(provider, number)}`;
}

/**
 * Why the portal may not close this PR/MR for the Stage (and delete its
 * branch when asked), or undefined when it may. `pr` is the Stage's own
 * attribution of it (undefined: not attributed to the Stage, e.g. another
 * Stage's); `closable` there already holds every rule, this names the one
 * that failed.
 *
 * @public
 */
export function pullRequestCloseRefusal(options: {
  pr: PullRequestInfo | undefined;
  provider: string;
  number: number;
  stage: string;
  deleteBranch: boolean;
}): Reason | undefined {
  const { pr, stage, deleteBranch } = options;
  const reference = phrase(options.provider, options.number);
  if (!pr) {
    return { code: 'pullRequestNotOfStage', params: { reference, stage } };
  }
  if (pr.state !== 'open') {
    return { code: 'pullRequestNotOpen', params: { reference } };
  }
  if (!pr.orphaned) {
    return {
      code: 'pullRequestWaitedOn',
      params: { reference, promotion: pr.promotion ?? '' },
    };
  }
  if (pr.fromFork !== false) {
    return { code: 'pullRequestFromFork', params: { reference } };
  }
  if (!pr.closable) {
    return {
      code: 'pullRequestNotPromotionBranch',
      params: { reference, branch: pr.sourceBranch },
    };
  }
  if (deleteBranch && pr.closable !== 'closeAndDeleteBranch') {
    return {
      code: 'pullRequestBranchShared',
      params: { reference, branch: pr.sourceBranch },
    };
  }
  return undefined;
}
