export * from './types';
export {
  AuthorizedKargoCommands,
  KARGO_COMMAND_POLICIES,
  type AuthorizedKargoCommandsOptions,
  type KargoCommandPolicy,
} from './AuthorizedKargoCommands';
export {
  createKargoCommandHandlers,
  type KargoCommandHandlersOptions,
} from './commandHandlers';
export { chooseWriteIdentity } from './identity';
export { kargoCommandsServiceRef } from './refs';
export { kargoServiceWriters, kargoServiceWriteScopes } from './serviceWriters';
