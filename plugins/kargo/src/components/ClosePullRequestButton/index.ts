export { ClosePullRequestButtons } from './ClosePullRequestButtons';
