export { normalizeRepoUrl, parsePullRequestUrl } from './repoUrl';
export { repositoriesFromSteps, repositoriesOfStage } from './repositories';
export { gitStepsOfStage, promotionsOfStage, type GitStep } from './steps';
export {
  attributePullRequests,
  type AttributePullRequestsInput,
  type PullRequestCandidate,
} from './attribution';
export { normalizeBranchName } from './branchName';
export {
  pullRequestTargetOfStage,
  type StagePullRequestTarget,
  type StagePullRequestTargetInput,
} from './openTarget';
