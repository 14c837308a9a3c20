export { StageSummaryRow, useToggleFocusStyle } from './StageSummaryRow';
