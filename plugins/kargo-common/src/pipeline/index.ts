export {
  buildPipelineGraph,
  type PipelineEdge,
  type PipelineEndpoint,
  type PipelineGraph,
  type PipelineNode,
} from './graph';
