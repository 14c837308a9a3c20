export { createKargoApproveFreightAction } from './approveFreight';
export { createKargoPromoteAction } from './promote';
export { createKargoPromotionAbortAction } from './promotionAbort';
export { createKargoReverifyAction } from './reverify';
export { createKargoPullRequestOpenAction } from './pullRequestOpen';
export { createKargoPullRequestCloseAction } from './pullRequestClose';
export type { KargoActionOptions } from './shared';
export type { InitiatorPolicy } from './audit';
export type { KargoCommandOptions } from './runCommand';
