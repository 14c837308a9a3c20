export {
  annotationsNameStage,
  entityNamesStage,
  MAX_ENTITY_PROJECTS,
  MAX_ENTITY_STAGES,
  parseEntityKargoAnnotations,
  type EntityKargoAnnotations,
} from './annotations';
export { worstVerificationPhase } from './rollup';
export { stageEntityName } from './entityName';
export { describeStage } from './describe';
export {
  isKargoSelectionActive,
  kargoCatalogFilterFields,
  kargoSelectionFromQuery,
  kargoSelectionToQuery,
  matchesKargoSelection,
  type KargoCatalogSelection,
} from './filter';
export {
  entityRefFromCatalogLocation,
  isKargoStageSearchDocument,
  kargoStageStatusFromAnnotations,
  type KargoStageStatus,
} from './stageStatus';
