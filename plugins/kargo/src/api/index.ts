export { kargoApiRef } from './KargoApi';
export type {
  KargoApi,
  KargoAnalysisRunRequest,
  KargoStageRequest,
} from './KargoApi';
export { KargoClient } from './KargoClient';
