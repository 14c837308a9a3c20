export { RefreshButton } from './RefreshButton';
