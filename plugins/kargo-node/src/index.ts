/**
 * The shared Kargo service for backend packages: cluster access and Git
 * providers behind a service ref.
 *
 * @packageDocumentation
 */
export * from './types';
export { kargoServiceRef } from './refs';
export { DefaultKargoService } from './DefaultKargoService';
export {
  readKargoConfig,
  type KargoApiConfig,
  type KargoApiIdentityMode,
  type KargoConfig,
  type KargoInstanceConfig,
  type KargoAuthProvider,
  type KargoWriteMode,
} from './config';
export type {
  KargoApiClient,
  KargoApiIdentity,
  KargoPromoteTarget,
  KargoAnalysisRunLogsOptions,
  KargoPublicServerConfig,
  KargoResolvedLink,
  KargoStageLinks,
} from './kargoApi/types';
export {
  KargoApiHttpClient,
  type KargoApiHttpClientOptions,
} from './kargoApi/KargoApiHttpClient';
export {
  KubernetesKargoClusterClient,
  type KubernetesKargoClusterClientOptions,
} from './cluster/KubernetesKargoClusterClient';
export { createKubeConfig } from './cluster/kubeConfig';
export * from './operations/verification';
export {
  createPullRequestService,
  RateLimitedError,
  withListingRules,
  type GitPullRequestService,
  type GitStats,
  type PullRequestListingOptions,
  type PullRequestProvider,
  type PullRequestServiceOptions,
  type GitErrorContext,
  type GitProvider,
  type GitWebhookEvent,
  GitProviderRegistry,
  kargoGitProvidersExtensionPoint,
  type KargoGitProvidersExtensionPoint,
  translateProviderError,
  type ProviderFailure,
  parseRepoUrl,
  type ParsedRepoUrl,
} from './git';
export * from './operations/promotion';
export {
  filterAuthorizedStages,
  requireStagePermission,
  type StagePermission,
  type StageRef,
} from './permissions/stagePermissions';
export * from './commands';
