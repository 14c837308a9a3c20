/**
 * Kargo for Backstage backend plugin.
 *
 * @packageDocumentation
 */
export { kargoPlugin as default } from './plugin';
export {
  kargoStageConditions,
  createKargoStageConditionalDecision,
  kargoStageRules,
  kargoStagePermissionResourceRef,
  type KargoStageResource,
  type KargoStageQuery,
} from './permissions/rules';
