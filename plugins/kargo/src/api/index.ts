export { kargoApiRef } from './KargoApi';
export type {
  KargoApi,
  KargoAnalysisRunRequest,
  KargoAnalysisRunLogsRequest,
  KargoLogEvent,
  KargoStageRequest,
} from './KargoApi';
export { KargoClient } from './KargoClient';
export {
  kargoAuthApiRef,
  KargoAuthProviders,
  KARGO_AUTHORIZATION_HEADER,
} from './KargoAuthApi';
export type {
  KargoAuthApi,
  KargoOidcProvider,
  KargoWriteIdentity,
} from './KargoAuthApi';
