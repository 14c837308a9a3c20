export { normalizeRepoUrl } from './repoUrl';
export { promotionsOfStage, type GitStep } from './steps';
export {
  attributePullRequests,
  type AttributePullRequestsInput,
  type PullRequestCandidate,
} from './attribution';
export { normalizeBranchName } from './branchName';
export {
  decidePullRequestClose,
  pullRequestCloseRefusal,
  stageUsesRepository,
} from './closable';
export type { ExpressionScope } from './expressions';
export {
  pullRequestTargetOfStage,
  type StagePullRequestTarget,
  type StagePullRequestTargetInput,
} from './openTarget';
export {
  providerOfPullRequestUrl,
  pullRequestInEnglish,
  pullRequestReference,
  pullRequestTerms,
  type PullRequestTerms,
} from './terms';
