/**
 * What the Kargo backend serves and the frontend renders. Plain JSON, typed
 * from the API contract (plugins/kargo-backend/src/schema/openapi.yaml) by
 * `yarn workspace @kargo-backstage/plugin-kargo-backend generate`.
 */
import type { components } from '../schema/openapi/generated/types';

type Schemas = components['schemas'];

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
export type StagePhase = Schemas['StagePhase'];
/** @public */
export type FailedMeasurement = Schemas['FailedMeasurement'];
/** @public */
export type VerificationMetric = Schemas['VerificationMetric'];
/**
 * One verification of a Stage: one per AnalysisRun, plus status entries that
 * have no AnalysisRun (implicit or Error ones).
 *
 * @public
 */
export type VerificationEntry = Schemas['VerificationEntry'];
/** @public */
export type ActionAvailability = Schemas['ActionAvailability'];
/** @public */
export type StageActions = Schemas['StageActions'];
/** @public */
export type FreightSummary = Schemas['FreightSummary'];
/** @public */
export type GitProvider = Schemas['GitProvider'];
/** @public */
export type PullRequestInfo = Schemas['PullRequestInfo'];
/** A repository whose pull requests could not be listed. @public */
export type RepositoryError = Schemas['RepositoryError'];
/** @public */
export type StageSummary = Schemas['StageSummary'];
/** @public */
export type StageDetail = Schemas['StageDetail'];
/** One item of a Stage's `spec.requestedFreight`. @public */
export type FreightRequest = Schemas['FreightRequest'];
/** The step of a Promotion that failed or that it is at. @public */
export type PromotionStepState = Schemas['PromotionStepState'];
/** One Promotion of a Stage, joined with the PR it opened and its verification. @public */
export type PromotionTimelineEntry = Schemas['PromotionTimelineEntry'];
/** A running Promotion parked on `git-wait-for-pr`. @public */
export type PullRequestWait = Schemas['PullRequestWait'];
/** A Freight a Stage could be promoted to, and whether it may be now. @public */
export type FreightOption = Schemas['FreightOption'];
/** @public */
export type PromoteRequest = Schemas['PromoteRequest'];
/** @public */
export type PromoteResponse = Schemas['PromoteResponse'];
/** @public */
export type AbortPromotionResponse = Schemas['AbortPromotionResponse'];
/** @public */
export type StageListResponse = Schemas['StageListResponse'];
/** Stages an entity names through its Kargo annotations. @public */
export type EntityStagesResponse = Schemas['EntityStagesResponse'];
/** @public */
export type AnalysisRunResponse = Schemas['AnalysisRunResponse'];
/** @public */
export type ReverifyResponse = Schemas['ReverifyResponse'];
/** What the backend gathered from one Kargo instance. @public */
export type InstanceSnapshot = Schemas['InstanceSnapshot'];
/** `GET /api/kargo/snapshot`: every instance, for the catalog module. @public */
export type SnapshotResponse = Schemas['SnapshotResponse'];

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
