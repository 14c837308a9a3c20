export { PullRequestWaitBanner } from './PullRequestWaitBanner';
