/**
 * What the Kargo backend serves and the frontend renders. Plain JSON.
 */
import type { AnalysisRun } from './kubernetes';

/** Verification phases, as Kargo and Argo Rollouts name them. @public */
export type VerificationPhase =
  | 'Pending'
  | 'Running'
  | 'Successful'
  | 'Failed'
  | 'Error'
  | 'Aborted'
  | 'Inconclusive';

/**
 * The Stage phase Kargo's UI derives from conditions
 * (`getStagePhase` in Kargo's UI).
 *
 * @public
 */
export type StagePhase =
  | 'Promoting'
  | 'Verifying'
  | 'Reconciling'
  | 'Failed'
  | 'Ready'
  | 'Unknown';

/** @public */
export interface FailedMeasurement {
  phase: string;
  message: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  value: string | null;
}

/** @public */
export interface VerificationMetric {
  name: string;
  phase: string;
  message: string | null;
  /** Measurements whose phase is Failed, Error or Inconclusive. */
  failedMeasurements: FailedMeasurement[];
}

/**
 * One verification of a Stage: one per AnalysisRun, plus status entries that
 * have no AnalysisRun (implicit or Error ones).
 *
 * @public
 */
export interface VerificationEntry {
  /** Kargo's verification id when the Stage status records this run. */
  id: string | null;
  analysisRun: { name: string; namespace: string } | null;
  freightCollectionId: string | null;
  freight: { name: string; alias: string | null } | null;
  /** The AnalysisRun's live phase; the status entry's phase when there is no run. */
  phase: string;
  /** What the Stage status says, or null when the status does not list it. */
  recordedPhase: string | null;
  /** True when Kargo's recorded phase disagrees with the live phase. */
  stale: boolean;
  startTime: string | null;
  finishTime: string | null;
  message: string | null;
  actor: string | null;
  metrics: VerificationMetric[];
  /** Belongs to the Stage's current freight collection. */
  current: boolean;
  /**
   * Kargo recorded this verification as aborted by a user. Argo Rollouts may
   * still wind the terminated run down to any phase (often Successful), so
   * `phase` can disagree; Kargo treats it as Failed.
   */
  aborted?: boolean;
}

/** @public */
export interface ActionAvailability {
  allowed: boolean;
  /** Why the action is not allowed, in words a person understands. */
  reason: string | null;
}

/** @public */
export interface StageActions {
  reverify: ActionAvailability;
  abort: ActionAvailability;
}

/** @public */
export interface FreightSummary {
  name: string;
  alias: string | null;
  origin: string | null;
  commits: Array<{
    repoURL: string;
    id: string | null;
    tag: string | null;
    branch: string | null;
    message: string | null;
  }>;
  images: Array<{ repoURL: string; tag: string | null; digest: string | null }>;
  charts: Array<{
    repoURL: string;
    name: string | null;
    version: string | null;
  }>;
}

/** @public */
export type GitProvider = 'github' | 'gitlab';

/** @public */
export interface PullRequestInfo {
  provider: GitProvider;
  repoUrl: string;
  number: number;
  title: string;
  url: string;
  state: 'open' | 'merged' | 'closed';
  sourceBranch: string;
  targetBranch: string;
  author: string | null;
  createdAt: string | null;
  /** The Promotion that opened it, when known. */
  promotion: string | null;
  /** Open, and no running or pending Promotion of the Stage waits for it. */
  orphaned: boolean;
}

/** A repository whose pull requests could not be listed. @public */
export interface RepositoryError {
  repoUrl: string;
  message: string;
  /** Set when the provider rate-limited us: when listing may resume. */
  rateLimitedUntil?: string | null;
}

/** @public */
export interface StageSummary {
  instance: string;
  project: string;
  name: string;
  phase: StagePhase;
  health: string | null;
  currentFreight: FreightSummary | null;
  /** Live phase of the current verification, or `None`. */
  verificationPhase: string;
  /** Some recorded verification disagrees with its AnalysisRun. */
  verificationStale: boolean;
  verificationCounts: {
    total: number;
    failed: number;
    running: number;
    successful: number;
  };
  openPullRequests: number;
  /** Open pull requests no Promotion waits for (the catalog module writes it). */
  orphanedPullRequests?: number;
  /**
   * URLs of the open pull requests counted by `openPullRequests`, when known
   * (the catalog module links them and writes
   * `kargo.akuity.io/pull-request-urls`).
   */
  openPullRequestUrls?: string[];
  actions: StageActions;
  kargoUrl: string | null;
  /** Set when this Stage could not be read; the rest of the fields are best effort. */
  error: string | null;
  /** Where the Stage takes Freight from (`spec.requestedFreight`): the pipeline's edges. */
  requestedFreight?: FreightRequest[];
}

/** One item of a Stage's `spec.requestedFreight`. @public */
export interface FreightRequest {
  /** `Warehouse/<name>`. */
  origin: string;
  /** Takes Freight straight from the origin. */
  direct: boolean;
  /** Upstream Stages whose verified Freight it takes. */
  stages: string[];
  /** Go duration the Freight must soak upstream, if any. */
  requiredSoakTime: string | null;
}

/** The step of a Promotion that failed or that it is at. @public */
export interface PromotionStepState {
  alias: string;
  /** The step kind (`git-wait-for-pr`), when the spec names it. */
  uses: string | null;
  status: string | null;
  message: string | null;
  startedAt: string | null;
}

/** One Promotion of a Stage, joined with the PR it opened and its verification. @public */
export interface PromotionTimelineEntry {
  name: string;
  freight: { name: string; alias: string | null } | null;
  /** Who asked for it (`kargo.akuity.io/create-actor`). */
  actor: string | null;
  createdAt: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** Pending, Running, Succeeded, Failed, Errored or Aborted. */
  phase: string;
  message: string | null;
  /** The step that failed (Failed, Errored or Aborted Promotions). */
  failedStep: PromotionStepState | null;
  /** The step a running Promotion is at. */
  currentStep: PromotionStepState | null;
  pullRequest: { url: string; number: number | null; state: string | null } | null;
  /** The verification of this Freight that followed the Promotion. */
  verification: { phase: string; analysisRun: string | null; stale: boolean } | null;
}

/** A running Promotion parked on `git-wait-for-pr`. @public */
export interface PullRequestWait {
  promotion: string;
  number: number | null;
  url: string | null;
  /** Since when it has been waiting (PR creation, else the step's start). */
  since: string | null;
}

/** A Freight a Stage could be promoted to, and whether it may be now. @public */
export interface FreightOption {
  name: string;
  alias: string | null;
  origin: string;
  createdAt: string | null;
  available: boolean;
  /** Why it is or is not available, in words. */
  reason: string;
  /** Approved for the Stage by hand (`status.approvedFor`). */
  approved: boolean;
  /** The Stage holds it now. */
  current: boolean;
}

/** @public */
export interface StageDetail extends StageSummary {
  verifications: VerificationEntry[];
  pullRequests: PullRequestInfo[];
  pullRequestErrors: RepositoryError[];
  /** When the snapshot this answer comes from was gathered. */
  lastUpdated: string | null;
  /** True when the last gathering failed and this is older data. */
  stale: boolean;
  /** The Stage's Promotions, newest first. */
  promotions?: PromotionTimelineEntry[];
  /** Set while a running Promotion waits for a PR to be merged. */
  waitingOnPullRequest?: PullRequestWait | null;
  /** Freight the Stage requests, newest first, with availability. */
  freightOptions?: FreightOption[];
}

/** @public */
export interface PromoteRequest {
  /** Name or alias of Freight the project holds. */
  freight: string;
}

/** @public */
export interface PromoteResponse {
  promotion: string;
  freight: string;
}

/** @public */
export interface StageListResponse {
  items: StageSummary[];
  lastUpdated: string | null;
  stale: boolean;
}

/** Stages an entity names through its Kargo annotations. @public */
export interface EntityStagesResponse {
  items: StageDetail[];
  /** Projects named by the entity that could not be read, per instance. */
  errors: Array<{ instance: string; project: string; message: string }>;
  lastUpdated: string | null;
  stale: boolean;
}

/** @public */
export interface AnalysisRunResponse {
  instance: string;
  project: string;
  name: string;
  phase: string;
  message: string | null;
  startedAt: string | null;
  completedAt: string | null;
  metrics: VerificationMetric[];
  /**
   * The object as the cluster holds it, without managedFields. Only for
   * callers granted `kargo.analysisrun.raw.read` on the Stage: spec
   * arguments and provider settings may hold secrets.
   */
  raw?: AnalysisRun;
}

/** @public */
export interface ReverifyResponse {
  /** Id of the verification Kargo is asked to repeat. */
  id: string;
}

/**
 * An open pull/merge request as a Git provider lists it, before it is
 * attributed to a Stage.
 *
 * @public
 */
export interface OpenPullRequest {
  provider: GitProvider;
  /** Normalised `https://<host>/<owner>/<repo>` (no `.git`, no trailing slash). */
  repoUrl: string;
  number: number;
  title: string;
  url: string;
  state: 'open' | 'merged' | 'closed';
  sourceBranch: string;
  targetBranch: string;
  headSha: string | null;
  author: string | null;
  createdAt: string | null;
}

/** What the backend gathered from one Kargo instance. @public */
export interface InstanceSnapshot {
  instance: string;
  kargoUrl: string | null;
  /** When the last complete gathering of this instance finished. */
  lastUpdated: string | null;
  /** True when the last gathering failed and this data is older. */
  stale: boolean;
  /** The last gathering error, if any (no secrets). */
  error: string | null;
  /** Project names (namespaces) this instance holds. */
  projects: string[];
  /**
   * Projects whose last read failed or never succeeded: their Stages (if
   * any) are older data, and a project here with no Stages is unknown, not
   * empty. A mirror must not delete what it holds of them.
   */
  incompleteProjects?: string[];
  stages: StageSummary[];
}

/** `GET /api/kargo/snapshot`: every instance, for the catalog module. @public */
export interface SnapshotResponse {
  instances: InstanceSnapshot[];
}
