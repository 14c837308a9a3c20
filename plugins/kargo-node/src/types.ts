import type {
  AnalysisRun,
  Freight,
  Interner,
  KubeObject,
  OpenPullRequest,
  Promotion,
  RepositoryListing,
  Stage,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoApiClient } from './kargoApi/types';
import type { GitProviderRegistry } from './git/GitProviderRegistry';

/** One configured Kargo instance, as other packages may see it (no credentials). @public */
export interface KargoInstanceInfo {
  name: string;
  /** Base URL of Kargo's UI, for deep links. */
  kargoUrl: string | null;
  /** Base URL of the instance's Argo CD UI (`argocd.url`), for links to Applications. */
  argocdUrl?: string | null;
}

/**
 * Thin adapter over one cluster's Kubernetes API (`@kubernetes/client-node`).
 * Lists are paginated internally and return every item. Errors are
 * `@backstage/errors`: NotFoundError, ConflictError, InputError (422),
 * ServiceUnavailableError (unreachable, 401/403 from the cluster, 5xx) naming
 * the instance, never the credentials.
 *
 * @public
 */
export interface KargoClusterClient {
  readonly instance: KargoInstanceInfo;
  /** Names of the Kargo project namespaces (cluster-scoped Project objects). */
  listProjects(): Promise<string[]>;
  listStages(project: string): Promise<Stage[]>;
  listFreight(project: string): Promise<Freight[]>;
  listPromotions(project: string): Promise<Promotion[]>;
  /**
   * AnalysisRuns of a project, optionally filtered by a label selector.
   * `select`, when given, is applied to each run as its LIST page arrives
   * (e.g. slimAnalysisRun), so that whole pages are not held until the last.
   */
  listAnalysisRuns(
    project: string,
    labelSelector?: string,
    select?: (run: AnalysisRun) => AnalysisRun,
  ): Promise<AnalysisRun[]>;
  getStage(project: string, name: string): Promise<Stage>;
  getAnalysisRun(project: string, name: string): Promise<AnalysisRun>;
  getPromotion(project: string, name: string): Promise<Promotion>;
  /**
   * JSON merge patch of a Stage's annotations. With `resourceVersion`, the
   * write fails with ConflictError when the Stage changed meanwhile.
   */
  patchStageAnnotations(
    project: string,
    name: string,
    annotations: Record<string, string | null>,
    options?: { resourceVersion?: string },
  ): Promise<Stage>;
  /** JSON merge patch of a Promotion's annotations (same rules as for Stages). */
  patchPromotionAnnotations(
    project: string,
    name: string,
    annotations: Record<string, string | null>,
    options?: { resourceVersion?: string },
  ): Promise<Promotion>;
  createPromotion(project: string, promotion: Promotion): Promise<Promotion>;
  /**
   * Keeps the Kargo kinds of the whole cluster current with LIST + WATCH
   * (one stream per kind). Optional: a client without it is read by polling.
   */
  watch?(options: KargoWatchOptions): KargoClusterWatch;
}

/** The kinds a {@link KargoClusterWatch} keeps. @public */
export type KargoWatchKind =
  | 'projects'
  | 'stages'
  | 'analysisruns'
  | 'promotions'
  | 'freights';

/**
 * One change the watch saw. `previous` is the object as it was before a
 * modification or deletion (absent for an addition).
 *
 * @public
 */
export interface KargoWatchEvent {
  kind: KargoWatchKind;
  type: 'upsert' | 'delete';
  object: KubeObject;
  previous?: KubeObject;
}

/** @public */
export interface KargoWatchOptions {
  /** Called for every change, after the watch's own copy was updated. */
  onEvent(event: KargoWatchEvent): void;
  /**
   * Called with an error when a kind cannot be listed or watched cluster-wide
   * (the watch retries with backoff), with null when every cluster-wide
   * stream is listed and watching. An instance-wide failure only: the
   * streams of one project namespace report to `onNamespaceHealth`.
   */
  onHealth?(error: Error | null): void;
  /**
   * Called when the streams of one project namespace (kinds whose
   * cluster-wide LIST is forbidden are watched per namespace) cannot be
   * listed or watched, with the first error, and with null once every
   * stream of the namespace lists and watches again or the project is gone.
   * Called on a change only (not once per retry of the same failure). The
   * other namespaces are current meanwhile: the error is that project's.
   */
  onNamespaceHealth?(namespace: string, error: Error | null): void;
  /** Server-side timeout of each watch request, in seconds (default 300). */
  timeoutSeconds?: number;
  /** First and largest reconnect delay (default 500 ms and 30 s), with jitter. */
  backoff?: { initialMs: number; maxMs: number };
  /**
   * The table holding once the short strings of the objects the watch keeps:
   * the instance's, shared with the Stage details built from them (default:
   * a table of the watch's own).
   */
  interner?: Interner;
}

/**
 * LIST + WATCH of every Kargo kind of one cluster. The objects are kept as
 * the watch last saw them (AnalysisRuns slimmed to what the history reads).
 *
 * @public
 */
export interface KargoClusterWatch {
  /** Starts the streams; resolves once every kind is listed and watched (or failed once). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Lists every kind again (the periodic safety net); resolves once watching again. */
  resync(): Promise<void>;
  /** The objects of a kind, of one namespace when given. */
  list<T extends KubeObject = KubeObject>(
    kind: KargoWatchKind,
    namespace?: string,
  ): T[];
}

/** Result of open-or-reclaim. @public */
export interface OpenOrReclaimResult {
  number: number;
  url: string;
  /** True when an existing open PR/MR was returned instead of a new one. */
  reclaimed: boolean;
}

/** @public */
export interface OpenOrReclaimRequest {
  /** `https://host/owner/repo` (with or without `.git`). */
  repoUrl: string;
  sourceBranch: string;
  targetBranch: string;
  title: string;
  description?: string;
}

/**
 * Pull/merge requests through Backstage's integrations (GitHub and GitLab).
 * Errors: InputError for a host with no integration or a malformed URL;
 * NotFoundError; RateLimitedError (see `./git`); ServiceUnavailableError.
 *
 * @public
 */
export interface PullRequestService {
  /**
   * Every open PR/MR of a repository (all pages). Conditional requests make an
   * unchanged repository cost no rate limit on GitHub.
   */
  listOpenPullRequests(repoUrl: string): Promise<OpenPullRequest[]>;
  /** Closes (Bitbucket: declines) an open PR/MR, as the portal's Git identity. */
  closePullRequest?(repoUrl: string, number: number): Promise<void>;
  /** Deletes a branch of the repository (NotFoundError when there is none). */
  deleteBranch?(repoUrl: string, branch: string): Promise<void>;
  /**
   * The same listing as data, never thrown: the open PRs/MRs, or the error
   * (`rateLimitedUntil` set for a rate limit) with the last good list.
   */
  listRepository(repoUrl: string): Promise<RepositoryListing>;
  /** Forgets a repository's last good list (nobody shows it any more). */
  forget(repoUrl: string): void;
  /** Returns the open PR/MR from source to target (updating its title/description), else creates it. */
  openOrReclaim(request: OpenOrReclaimRequest): Promise<OpenOrReclaimResult>;
  /**
   * The Git providers, chosen by host (absent in test fakes): where
   * `kargoGitProvidersExtensionPoint` adds one, and what the webhooks ask
   * for their topics and to parse an event.
   */
  readonly providers?: GitProviderRegistry;
}

/**
 * The shared Kargo service, one per plugin through `kargoServiceRef`.
 *
 * @public
 */
export interface KargoService {
  listInstances(): KargoInstanceInfo[];
  /**
   * The client of the named instance, or of the first configured one.
   * Throws InputError for an unknown instance name.
   */
  cluster(instance?: string): KargoClusterClient;
  /**
   * The Kargo REST API client of the named instance, or of the first one.
   * Throws InputError for an unknown instance name, ServiceUnavailableError
   * `kargoApiNotConfigured` when the instance has no `api.url`.
   */
  kargoApi(instance?: string): KargoApiClient;
  /**
   * How writes reach the named instance (or the first one): `kargoApi`,
   * `kubernetes` (the explicit fallback) or `none` (writes refused).
   * Throws InputError for an unknown instance name.
   */
  writeMode(instance?: string): 'kargoApi' | 'kubernetes' | 'none';
  readonly pullRequests: PullRequestService;
}
