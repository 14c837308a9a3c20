export { EntityStages } from './EntityStages';
export type { RenderEntityStages } from './EntityStages';
