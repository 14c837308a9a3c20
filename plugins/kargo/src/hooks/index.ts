export { useEntityStages, POLL_INTERVAL_MS } from './useEntityStages';
export { useAnalysisRun } from './useAnalysisRun';
export { useStageActionPermission } from './useStageActionPermission';
export { currentVerification } from './polling';
export type { StageWatch } from './polling';
export { useStagePromotePermission } from './useStagePromotePermission';
export { useFreightApprovePermission } from './useFreightApprovePermission';
export { useErrorText, useReasonText } from './useReasonText';
export { useKargoWriteIdentity } from './useKargoWriteIdentity';
