export { PromoteButton } from './PromoteButton';
