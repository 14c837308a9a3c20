export { AnalysisRunDrawer } from './AnalysisRunDrawer';
export type { AnalysisRunTarget } from './AnalysisRunDrawer';
