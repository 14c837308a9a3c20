export { StageChips } from './StageChips';
