export { StageSummaryRow } from './StageSummaryRow';
