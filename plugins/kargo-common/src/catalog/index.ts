export {
  parseEntityKargoAnnotations,
  type EntityKargoAnnotations,
} from './annotations';
export { worstVerificationPhase } from './rollup';
export { stageEntityName } from './entityName';
export { describeStage } from './describe';
export {
  isKargoSelectionActive,
  kargoCatalogQuery,
  kargoSelectionFromQuery,
  kargoSelectionToQuery,
  matchesKargoSelection,
  type KargoCatalogPredicate,
  type KargoCatalogSelection,
} from './filter';
