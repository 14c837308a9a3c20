export {
  buildPipelineGraph,
  freightRequestsOf,
  type PipelineEdge,
  type PipelineEndpoint,
  type PipelineGraph,
  type PipelineNode,
} from './graph';
