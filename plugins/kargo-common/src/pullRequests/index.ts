export { normalizeRepoUrl, parsePullRequestUrl } from './repoUrl';
export { repositoriesOfStage } from './repositories';
export { promotionsOfStage } from './steps';
export {
  attributePullRequests,
  type AttributePullRequestsInput,
  type PullRequestCandidate,
} from './attribution';
