/**
 * Fake GitHub and GitLab REST APIs for the Kargo sandbox: real @octokit/rest
 * and @gitbeaker/rest clients work against them unchanged.
 */
export { GitFakeStore } from './store';
export type { CreatePullRequestFields, PullRequestWrite } from './store';
export { GitFakeControls } from './controls';
export type { GitFakeControlsOptions } from './controls';
export {
  createGitHandler,
  DEFAULT_GITHUB_TOKEN,
  DEFAULT_GITLAB_TOKEN,
  DEFAULT_BITBUCKET_TOKEN,
} from './handler';
export { BITBUCKET_CLOUD_API_BASE } from './bitbucketCloud';
export type { GitHandlerOptions } from './handler';
export { isGitFixture } from './fixtures';
export { GITHUB_API_BASE } from './github';
export { GITLAB_API_BASE } from './gitlab';
export type {
  GitFault,
  GitFixtureDocument,
  GitHubRateLimitState,
  GitProvider,
  GitPullRequest,
  GitPullRequestState,
  GitRepository,
  GitRequestRecord,
  OpenPullRequestInput,
  OpenPullRequestResult,
} from './types';
