/**
 * What the Kargo backend serves and the frontend renders. Plain JSON, typed
 * from the API contract (plugins/kargo-backend/src/schema/openapi.yaml) by
 * `yarn workspace @kargo-backstage/plugin-kargo-backend generate`.
 */
import type { components } from '../schema/openapi/generated/types';

/**
 * The API's schemas and operations, as the OpenAPI document declares them.
 *
 * @public
 */
export type {
  components as KargoApiComponents,
  operations as KargoApiOperations,
} from '../schema/openapi/generated/types';

/**
 * Every schema of the API by name; the types below name its answers.
 *
 * @public
 */
export type KargoApiSchemas = components['schemas'];

/** Verification phases, as Kargo and Argo Rollouts name them. @public */
export type VerificationPhase = KargoApiSchemas['VerificationPhase'];

/** Promotion phases, as Kargo names them. @public */
export type PromotionPhase = KargoApiSchemas['PromotionPhase'];

/** How a step of a Promotion ran, as Kargo names it. @public */
export type PromotionStepStatus = KargoApiSchemas['PromotionStepStatus'];

/**
 * The Stage phase Kargo's UI derives from conditions
 * (`getStagePhase` in Kargo's UI).
 *
 * @public
 */
export type StagePhase = KargoApiSchemas['StagePhase'];
/** @public */
export type FailedMeasurement = KargoApiSchemas['FailedMeasurement'];
/** @public */
export type VerificationMetric = KargoApiSchemas['VerificationMetric'];
/**
 * One verification of a Stage: one per AnalysisRun, plus status entries that
 * have no AnalysisRun (implicit or Error ones).
 *
 * @public
 */
export type VerificationEntry = KargoApiSchemas['VerificationEntry'];
/** @public */
export type ActionAvailability = KargoApiSchemas['ActionAvailability'];
/** @public */
export type StageActions = KargoApiSchemas['StageActions'];
/** @public */
export type FreightSummary = KargoApiSchemas['FreightSummary'];
/** @public */
export type GitProvider = KargoApiSchemas['GitProvider'];
/** @public */
export type PullRequestInfo = KargoApiSchemas['PullRequestInfo'];
/** A repository whose pull requests could not be listed. @public */
export type RepositoryError = KargoApiSchemas['RepositoryError'];
/** @public */
export type StageSummary = KargoApiSchemas['StageSummary'];
/** An Argo CD Application a Stage updates, with health, sync and link. @public */
export type StageArgoCdApp = KargoApiSchemas['StageArgoCdApp'];
/** A link Kargo resolved for a Stage (ClusterConfig / ProjectConfig). @public */
export type StageLink = KargoApiSchemas['StageLink'];
/** @public */
export type StageLinksResponse = KargoApiSchemas['StageLinksResponse'];
/** @public */
export type StageDetail = KargoApiSchemas['StageDetail'];
/** One item of a Stage's `spec.requestedFreight`. @public */
export type FreightRequest = KargoApiSchemas['FreightRequest'];
/** The step of a Promotion that failed or that it is at. @public */
export type PromotionStepState = KargoApiSchemas['PromotionStepState'];
/** One step of a Promotion as Kargo's step view shows it, with its outputs. @public */
export type PromotionStepView = KargoApiSchemas['PromotionStepView'];
/** A link a Promotion step emitted or recorded (http(s) only). @public */
export type PromotionStepLink = KargoApiSchemas['PromotionStepLink'];
/** One Promotion of a Stage, joined with the PR it opened and its verification. @public */
export type PromotionTimelineEntry = KargoApiSchemas['PromotionTimelineEntry'];
/** A running Promotion parked on `git-wait-for-pr`. @public */
export type PullRequestWait = KargoApiSchemas['PullRequestWait'];
/** A Freight a Stage could be promoted to, and whether it may be now. @public */
export type FreightOption = KargoApiSchemas['FreightOption'];
/** @public */
export type FreightArtifacts = KargoApiSchemas['FreightArtifacts'];
/** @public */
export type FreightChange = KargoApiSchemas['FreightChange'];
/** @public */
export type ReverificationWarning = KargoApiSchemas['ReverificationWarning'];
/** @public */
export type PromoteRequest = KargoApiSchemas['PromoteRequest'];
/** @public */
export type PromoteResponse = KargoApiSchemas['PromoteResponse'];
/** @public */
export type ApproveFreightResponse = KargoApiSchemas['ApproveFreightResponse'];
/** @public */
export type ClosePullRequestRequest =
  KargoApiSchemas['ClosePullRequestRequest'];
/** @public */
export type ClosePullRequestResponse =
  KargoApiSchemas['ClosePullRequestResponse'];
/** @public */
export type AutoPromotion = KargoApiSchemas['AutoPromotion'];
/** @public */
export type AutoPromotionHold = KargoApiSchemas['AutoPromotionHold'];
/** @public */
export type RefreshStageResponse = KargoApiSchemas['RefreshStageResponse'];
/** @public */
export type RefreshWarehousesResponse =
  KargoApiSchemas['RefreshWarehousesResponse'];
/** @public */
export type AbortPromotionResponse = KargoApiSchemas['AbortPromotionResponse'];
/** @public */
export type StageListResponse = KargoApiSchemas['StageListResponse'];
/** Stages an entity names through its Kargo annotations. @public */
export type EntityStagesResponse = KargoApiSchemas['EntityStagesResponse'];
/** @public */
export type AnalysisRunResponse = KargoApiSchemas['AnalysisRunResponse'];
/** @public */
export type ReverifyResponse = KargoApiSchemas['ReverifyResponse'];
/** What the backend gathered from one Kargo instance. @public */
export type InstanceSnapshot = KargoApiSchemas['InstanceSnapshot'];
/** `GET /api/kargo/snapshot`: every instance, for the catalog module. @public */
export type SnapshotResponse = KargoApiSchemas['SnapshotResponse'];

/**
 * An open pull/merge request as a Git provider lists it, before it is
 * attributed to a Stage (`repoUrl` normalised: `https://<host>/<owner>/<repo>`).
 *
 * @public
 */
export type OpenPullRequest = Omit<
  PullRequestInfo,
  'promotion' | 'orphaned'
> & {
  headSha: string | null;
};

/**
 * Every path of the Kargo backend's API with its parameters and answers, for
 * a typed client (`openapi-fetch`'s `createClient<KargoApiPaths>`).
 *
 * @public
 */
export type { paths as KargoApiPaths } from '../schema/openapi/generated/types';
