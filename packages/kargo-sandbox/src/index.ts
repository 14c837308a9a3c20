/**
 * The Kargo sandbox: a Kubernetes API with Kargo's CRDs plus GitHub and GitLab
 * REST APIs on loopback, and a simulated Kargo controller.
 */
export const SANDBOX_NAME = 'kargo-sandbox';
export { startSandbox } from './sandbox';
export type { Sandbox, SandboxOptions } from './sandbox';
export { DEMO_TOKENS, READ_VERBS, SANDBOX_KARGO_API_TOKEN } from './kube/auth';
export type { NamespacedGrant, TokenPolicy, Verb } from './kube/auth';
export { DEMO_FIXTURES_DIR, LARGE_FIXTURES_DIR } from './fixtures';
export {
  FAILS_AFTER_ANNOTATION,
  KargoController,
  VERIFICATION_HOLD_ANNOTATION,
  PROMOTION_HOLD_ANNOTATION,
  VERIFICATION_OUTCOME_ANNOTATION,
} from './controller';
export type { KargoControllerOptions } from './controller';
export { ObjectStore } from './kube/store';
export type { KubeObject, StoreEvent, WatchEventType } from './kube/store';
export { GitFakeStore } from './git';
export type { ResourceType } from './kube/resources';
export { ResourceRegistry } from './kube/resources';
export { SandboxFaults } from './faults';
export type {
  SandboxApi,
  SandboxFault,
  SandboxRequestCounts,
  SandboxRequestRecord,
} from './faults';
export { sandboxBackstageConfig } from './testing/backstageConfig';
export type { SandboxBackstageConfigOptions } from './testing/backstageConfig';
export { stageWriteState, writesReceived } from './testing/stageWriteState';
export { signIn as sandboxOidcSignIn } from './testing/oidcSignIn';
export type { StageWriteState } from './testing/stageWriteState';
export {
  SANDBOX_CONTEXT,
  sandboxKubeconfig,
  writeSandboxFiles,
} from './kubeconfig';
export type { SandboxFiles, SandboxKubeconfigOptions } from './kubeconfig';
export {
  docsExample,
  docsExamples,
  loadDocsExample,
  loadTwoInstancesExample,
} from './testing/docsExamples';
export type { LoadDocsExampleOptions } from './testing/docsExamples';
export type { GitHubAppOptions } from './git/githubApp';
export { freePort, startTestPostgres } from './testing/postgres';
export type { TestPostgres } from './testing/postgres';
export type { IdentityGrant, Principal } from './kube/auth';
export { KargoApiStats } from './kargoApi';
export type { KargoApiOidcOptions, KargoApiWriteCounts } from './kargoApi';
export { SandboxJobLogs } from './kargoApi/jobLogs';
export type { JobLogEntry } from './kargoApi/jobLogs';
export { DEMO_OIDC_CLIENTS } from './oidc/provider';
export type { SandboxOidcClient } from './oidc/provider';
export type { SandboxUser } from './oidc/users';
export { DEFAULT_CONTROL_PLANE_USER_REGEX } from './webhooks';
export { RbacAuthorizer } from './rbac/rbac';
export type { RbacSubject, ResourceAttributes } from './rbac/rbac';
