import type {
  AuditorServiceCreateEventOptions,
  BackstageCredentials,
} from '@backstage/backend-plugin-api';
import type { KargoApiIdentity } from '../kargoApi/types';

/**
 * As whom Kargo saw a write: the signed-in `person` (their ID token through
 * Kargo's API; Kargo records `email:<email>`), the `portal` (the instance's
 * Kargo API token; Kargo records that account), or `kubernetes` (the
 * explicit `writes: kubernetes` fallback; Kargo records the cluster service
 * account).
 *
 * @public
 */
export type KargoActedAs = 'person' | 'portal' | 'kubernetes';

/**
 * Who asks for a write, as the entry point (REST route, MCP tool, scaffolder
 * action) knows it.
 *
 * @public
 */
export interface KargoCaller {
  /** Backstage's credentials of the caller: a user or a service. */
  credentials: BackstageCredentials;
  /**
   * The person's OIDC ID token for Kargo (the `Backstage-Kargo-Authorization`
   * header, a scaffolder secret). A bearer credential: never logged, never
   * audited, sent only to the instance's own Kargo API.
   */
  kargoToken?: string;
  /** The HTTP request, when there is one, for the audit event. */
  request?: AuditorServiceCreateEventOptions['request'];
}

/** The Stage a command acts on; `instance` defaults to the first one. @public */
export interface KargoStageTarget {
  instance?: string;
  project: string;
  stage: string;
}

/**
 * What each command takes beside its Stage. Names only: what they refer to
 * is read from Kargo's own objects in the cluster before anything is written.
 * A new command (approve, refresh) adds a line here, in
 * {@link KargoCommandResults}, in the decorator's policy table and a handler.
 *
 * @public
 */
export interface KargoCommandArgs {
  /** Freight by name or alias, of the Stage's project. */
  promote: { freight: string };
  reverify: {};
  abortVerification: {};
  /** The Promotion to abort; when absent, the one the Stage runs (or the newest pending). */
  abortPromotion: { promotion?: string };
  /** Freight by name or alias, of the Stage's project, to approve for the Stage. */
  approveFreight: { freight: string };
  /**
   * An orphaned PR/MR of the Stage to close as the portal's Git identity,
   * and its Promotion's branch to delete when `deleteBranch`.
   */
  closePullRequest: { repoUrl: string; number: number; deleteBranch: boolean };
  /**
   * Open (or reclaim the open) PR/MR of the Stage's `git-open-pr` step as
   * the portal's Git identity. Repository, head and base come from the Stage
   * and `promotion` (one of its Promotions); `repoUrl` only chooses among the
   * Stage's repositories (or those `kargo.pullRequests.allowedRepositories`
   * lists).
   */
  openPullRequest: {
    promotion?: string;
    repoUrl?: string;
    title: string;
    description?: string;
  };
  /** Refresh the Stage (Kargo reconciles it, and its current Promotion, now). */
  refreshStage: {};
  /**
   * Refresh a Warehouse the Stage requests Freight from (its
   * `spec.requestedFreight[].origin`); when absent, every such Warehouse.
   */
  refreshWarehouse: { warehouse?: string };
}

/** What each command answers (beside `instance` and `actedAs`). @public */
export interface KargoCommandResults {
  promote: { promotion: string; freight: string };
  /** The verification Kargo was asked to repeat. */
  reverify: { id: string };
  /** The verification Kargo was asked to abort. */
  abortVerification: { id: string };
  abortPromotion: { promotion: string };
  /** The Freight approved (its name). */
  approveFreight: { freight: string };
  /** The PR/MR closed (its web URL) and the branch deleted, if any. */
  closePullRequest: { pullRequest: string; deletedBranch: string | null };
  /** The PR/MR opened or reclaimed, and the branches the Stage named. */
  openPullRequest: {
    number: number;
    url: string;
    reclaimed: boolean;
    repoUrl: string;
    sourceBranch: string;
    targetBranch: string;
  };
  refreshStage: {};
  /** The Warehouses Kargo was asked to refresh. */
  refreshWarehouse: { warehouses: string[] };
}

/** @public */
export type KargoCommandName = keyof KargoCommandArgs;

/** @public */
export type KargoCommandRequest<K extends KargoCommandName> = KargoStageTarget &
  KargoCommandArgs[K];

/** @public */
export type KargoCommandResult<K extends KargoCommandName> =
  KargoCommandResults[K] & { instance: string; actedAs: KargoActedAs };

/** A write that happened, for the listeners (e.g. re-read the project). @public */
export interface KargoWrittenEvent {
  command: KargoCommandName;
  instance: string;
  project: string;
  stage: string;
}

/**
 * The one way to write to Kargo: every entry point (REST, MCP tools,
 * scaffolder actions) calls it. Each call is authorized (the command's
 * Backstage permission on the Stage, before any cluster or Kargo call),
 * audited (one event id per command, `actedAs`, never the token) and, once
 * written, announced to the listeners.
 *
 * @public
 */
export interface KargoCommandService {
  run<K extends KargoCommandName>(
    command: K,
    request: KargoCommandRequest<K>,
    caller: KargoCaller,
  ): Promise<KargoCommandResult<K>>;
  /** Called after each successful write, e.g. to re-read the project. */
  onWritten(listener: (event: KargoWrittenEvent) => Promise<void> | void): void;
}

/**
 * How a permitted write reaches Kargo: through its API as the person or the
 * portal, or through the Kubernetes API (recording `actor` in the request
 * annotations, which Kargo's webhooks overwrite with the service account).
 *
 * @public
 */
export type KargoWriteAs =
  | { actedAs: 'person' | 'portal'; identity: KargoApiIdentity }
  | { actedAs: 'kubernetes'; actor: string }
  /** A Git provider's write, as the portal's Git identity (integrations). */
  | { actedAs: 'portal'; git: true };

/**
 * The commands themselves, undecorated: they read Kargo's objects and write.
 * Only {@link KargoCommandService} calls them, after authorizing.
 *
 * @public
 */
export type KargoCommandHandlers = {
  [K in KargoCommandName]: (
    request: KargoCommandRequest<K> & { instance: string },
    as: KargoWriteAs,
  ) => Promise<KargoCommandResults[K]>;
};
