export { StageSection, stageTitle } from './StageSection';
