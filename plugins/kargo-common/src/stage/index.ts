export { stageLabelValue } from './labels';
export { deriveStagePhase } from './stagePhase';
export { summarizeFreight } from './freight';
export { kargoStageUrl } from './kargoUrl';
export {
  buildStageDetail,
  toStageSummary,
  type BuildStageDetailInput,
} from './detail';
