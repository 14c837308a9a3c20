export {
  buildPipelineGraph,
  type GraphStage,
  type PipelineEdge,
  type PipelineEndpoint,
  type PipelineGraph,
  type PipelineNode,
} from './graph';
export { warehousesOfStage } from './warehouses';
