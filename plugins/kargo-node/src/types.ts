import type {
  AnalysisRun,
  Freight,
  OpenPullRequest,
  Promotion,
  Stage,
} from '@kargo-backstage/plugin-kargo-common';

/** One configured Kargo instance, as other packages may see it (no credentials). @public */
export interface KargoInstanceInfo {
  name: string;
  /** Base URL of Kargo's UI, for deep links. */
  kargoUrl: string | null;
}

/**
 * Thin adapter over one cluster's Kubernetes API (@kubernetes/client-node).
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
  createPromotion(project: string, promotion: Promotion): Promise<Promotion>;
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
  /** Returns the open PR/MR for source->target (updating its title/description), else creates it. */
  openOrReclaim(request: OpenOrReclaimRequest): Promise<OpenOrReclaimResult>;
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
  readonly pullRequests: PullRequestService;
}
