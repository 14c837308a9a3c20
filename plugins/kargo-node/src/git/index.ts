export { createPullRequestService } from './PullRequestService';
export type {
  GitPullRequestService,
  PullRequestServiceOptions,
} from './PullRequestService';
export { RateLimitedError } from './errors';
export type { GitStats } from './stats';
export {
  withListingRules,
  type PullRequestListingOptions,
  type PullRequestProvider,
} from './listingRules';
