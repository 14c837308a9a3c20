export { PullRequestsTable } from './PullRequestsTable';
