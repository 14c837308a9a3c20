/**
 * The pluginId of the Kargo backend plugin; the frontend reaches it at
 * `/api/kargo`.
 *
 * @public
 */
export const KARGO_PLUGIN_ID = 'kargo';

/**
 * Catalog annotations. The first three are set by users on their entities; the
 * rest are written by the catalog module.
 *
 * @public
 */
export const KARGO_ANNOTATIONS = {
  /** Kargo project (namespace) an entity is deployed through. */
  project: 'kargo.akuity.io/project',
  /** Optional comma list restricting the entity to some Stages of the project. */
  stages: 'kargo.akuity.io/stages',
  /** Optional name of the configured Kargo instance; default: the first. */
  instance: 'kargo.akuity.io/instance',
  /** Written: the Stage a `kargo-stage` Resource entity stands for. */
  stage: 'kargo.akuity.io/stage',
  /** Written: live phase of the current verification, or `None`. */
  verificationPhase: 'kargo.akuity.io/verification-phase',
  /** Written: "true" when Kargo's recorded history disagrees with the runs. */
  verificationStale: 'kargo.akuity.io/verification-stale',
  /** Written: number of open pull requests. */
  openPullRequests: 'kargo.akuity.io/open-pull-requests',
  /** Written: number of open pull requests no Promotion waits for. */
  orphanedPullRequests: 'kargo.akuity.io/orphaned-pull-requests',
  /** Written: space separated URLs of the newest 20 open pull requests. */
  pullRequestUrls: 'kargo.akuity.io/pull-request-urls',
} as const;

/** @public */
export const KARGO_PROJECT_ANNOTATION = KARGO_ANNOTATIONS.project;

/**
 * Labels and annotations Kargo itself writes on cluster objects.
 *
 * @public
 */
export const KARGO_LABELS = {
  /** On AnalysisRuns: the Stage name, hash-shortened past 63 characters. */
  stage: 'kargo.akuity.io/stage',
  /** On AnalysisRuns: the FreightCollection id. */
  freightCollection: 'kargo.akuity.io/freight-collection',
  /** On AnalysisRuns of Kargo v0.7: the Freight name. */
  freight: 'kargo.akuity.io/freight',
  /** On AnalysisRuns up to Kargo v1.2: the Promotion name (an annotation since v1.3). */
  promotion: 'kargo.akuity.io/promotion',
  /** On Promotions and AnalysisRuns: who asked for it. */
  createActor: 'kargo.akuity.io/create-actor',
  /** On namespaces: marks a Kargo project namespace. */
  project: 'kargo.akuity.io/project',
  /** On Freight: its alias (kept in sync with the top-level `alias`). */
  alias: 'kargo.akuity.io/alias',
} as const;

/**
 * Annotations on Kargo objects that ask the controller to act.
 *
 * @public
 */
export const KARGO_REQUEST_ANNOTATIONS = {
  reverify: 'kargo.akuity.io/reverify',
  abort: 'kargo.akuity.io/abort',
  refresh: 'kargo.akuity.io/refresh',
} as const;

/** The `spec.type` of the Resource entities the catalog module emits. @public */
export const KARGO_STAGE_ENTITY_TYPE = 'kargo-stage';

/** Kargo's API group and version. @public */
export const KARGO_API_VERSION = 'kargo.akuity.io/v1alpha1';

/** Argo Rollouts' API group and version (AnalysisRuns). @public */
export const ROLLOUTS_API_VERSION = 'argoproj.io/v1alpha1';
