export { StageSection, stageSectionId, stageTitle } from './StageSection';
