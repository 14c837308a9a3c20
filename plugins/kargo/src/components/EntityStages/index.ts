export { EntityStages } from './EntityStages';
