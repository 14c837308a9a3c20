export { createKargoPromoteAction } from './promote';
export { createKargoReverifyAction } from './reverify';
export { createKargoPullRequestOpenAction } from './pullRequestOpen';
export type { KargoActionOptions } from './shared';
export type { InitiatorPolicy } from './audit';
