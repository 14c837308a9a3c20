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
export type {
  GitErrorContext,
  GitProvider,
  GitWebhookEvent,
} from './GitProvider';
export { GitProviderRegistry } from './GitProviderRegistry';
export {
  kargoGitProvidersExtensionPoint,
  type KargoGitProvidersExtensionPoint,
} from './extensionPoint';
export {
  translateProviderError,
  type ProviderFailure,
} from './translateProviderError';
export { parseRepoUrl, type ParsedRepoUrl } from './parseRepoUrl';
