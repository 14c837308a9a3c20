import type { Reason } from '../reasons';
import type {
  OpenPullRequest,
  Promotion,
  PullRequestInfo,
  Stage,
} from '../types';
import { attributePullRequests } from './attribution';
import { repoKey } from './repoUrl';
import { pullRequestReference, pullRequestTerms } from './terms';
import { repositoriesOfStage } from './walk';

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

/**
 * Whether `repoUrl` is a repository the Stage's Git steps (or its
 * Promotions' recorded PRs) name: asked before anything is listed from it,
 * so that no request makes the portal read another repository.
 *
 * @public
 */
export function stageUsesRepository(
  stage: Stage,
  promotions: Promotion[],
  repoUrl: string,
): boolean {
  const key = repoKey(repoUrl);
  return (
    !!key &&
    repositoriesOfStage(stage, promotions).some(url => repoKey(url) === key)
  );
}

/**
 * Whether the portal may close PR/MR `number` of `repoUrl` for the Stage,
 * decided from Kargo's own objects (the Stage, its project's Promotions) and
 * the repository's open PRs as the provider lists them now: the repository
 * must be one the Stage's Git steps name, and the PR attributed to the Stage
 * and closable ({@link pullRequestCloseRefusal}). Answers the attributed PR
 * (whose `sourceBranch` is the branch to delete) or the refusal.
 *
 * @public
 */
export function decidePullRequestClose(input: {
  stage: Stage;
  promotions: Promotion[];
  repoUrl: string;
  number: number;
  /** The repository's open PRs/MRs, listed now. */
  listed: OpenPullRequest[];
  deleteBranch: boolean;
}): { pr: PullRequestInfo } | { refusal: Reason } {
  const { stage, promotions, number, deleteBranch } = input;
  const key = repoKey(input.repoUrl);
  const stageName = stage.metadata?.name ?? '';
  const provider =
    input.listed.find(p => p.number === number)?.provider ?? 'github';
  const ofStage = stageUsesRepository(stage, promotions, input.repoUrl);
  const pr = ofStage
    ? attributePullRequests({
        stage,
        promotions,
        pullRequests: input.listed.filter(p => repoKey(p.repoUrl) === key),
      }).find(p => p.number === number)
    : undefined;
  const refusal = pullRequestCloseRefusal({
    pr,
    provider,
    number,
    stage: stageName,
    deleteBranch,
  });
  return refusal ? { refusal } : { pr: pr! };
}
