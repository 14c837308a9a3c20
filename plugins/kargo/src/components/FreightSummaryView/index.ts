export { FreightSummaryView } from './FreightSummaryView';
