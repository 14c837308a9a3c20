export { PipelineOverview } from './PipelineOverview';
