export { StageActionButton } from './StageActionButton';
export type { StageAction } from './StageActionButton';
