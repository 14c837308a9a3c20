import { flatText } from '../util/text';
import { formatUtcClock, formatEnglishDuration } from '../util/time';
import { KARGO_API_ENGLISH, type KargoApiReasonParams } from './kargoApi';

/**
 * The parameters of each reason code: why an action or a Freight is (not)
 * available. The frontend words a code through its translation ref (and
 * formats times and durations in the viewer's locale and time zone); API
 * answers carry the English {@link reasonMessage} beside the code.
 *
 * Times are RFC 3339 strings, durations milliseconds.
 *
 * @public
 */
export interface ReasonParams extends KargoApiReasonParams {
  /** A Promotion runs; Kargo ignores verification requests meanwhile. */
  promotionRunning: { promotion: string };
  noVerification: {};
  noFreight: {};
  notVerified: {};
  /** Kargo recorded the verification without an id. */
  implicitVerification: {};
  verificationPending: { startTime: string | null };
  verificationRunning: { startTime: string | null };
  alreadyAborted: {};
  /** The Stage's data could not be read (the cause is the Stage's `error`). */
  stageUnreadable: {};
  alreadyFinished: { phase: string };
  freightOtherProject: {
    freight: string;
    freightProject: string;
    stageProject: string;
  };
  originNotRequested: { stage: string; origin: string };
  freightApproved: { freight: string; stage: string };
  directOrigin: { stage: string; origin: string };
  verifiedUpstream: { freight: string; stages: string[] };
  /** `soaking[i]` has soaked `soakedMs[i]` so far. */
  soaking: {
    freight: string;
    stage: string;
    soakMs: number;
    soaking: string[];
    soakedMs: number[];
  };
  notVerifiedInAll: { freight: string; stage: string; upstream: string[] };
  notVerifiedInAny: { freight: string; stage: string; upstream: string[] };
  // Promote and abort a Promotion.
  freightNotGiven: { project: string };
  freightNotFound: { freight: string; project: string };
  noPromotionSteps: { stage: string };
  promotionNotFound: { promotion: string; stage: string; project: string };
  promotionOtherStage: { promotion: string; stage: string };
  promotionEnded: { promotion: string; phase: string };
  // Close an orphaned pull request (`reference`: "PR #7", "MR !7").
  pullRequestNotOfStage: { reference: string; stage: string };
  pullRequestNotOpen: { reference: string };
  pullRequestWaitedOn: { reference: string; promotion: string };
  pullRequestFromFork: { reference: string };
  pullRequestNotPromotionBranch: { reference: string; branch: string };
  pullRequestBranchShared: { reference: string; branch: string };
  // A Git provider (`provider`: GitHub or GitLab) failed; `detail` is the
  // provider's own words, untranslated.
  gitNoIntegration: { host: string };
  gitRateLimited: { provider: string; host: string; resetTime: string };
  gitUnreachable: {
    provider: string;
    host: string;
    repo: string;
    detail: string;
  };
  gitUnauthorized: { provider: string; host: string };
  gitForbidden: {
    provider: string;
    host: string;
    repo: string;
    detail: string;
  };
  gitNotFound: { host: string; repo: string };
  gitConflict: { provider: string; host: string; detail: string };
  gitRefused: { provider: string; host: string; repo: string; detail: string };
  gitFailed: {
    provider: string;
    host: string;
    repo: string;
    status: number;
    detail: string;
  };
  // What a read names is missing, or not visible to the caller (one answer).
  projectNotFound: { project: string; instance: string };
  projectNotReadYet: { project: string; instance: string };
  stageNotFound: { stage: string; project: string; instance: string };
  analysisRunNotFound: {
    analysisRun: string;
    project: string;
    instance: string;
  };
  entityNotFound: { kind: string; namespace: string; name: string };
  // A request the API refuses (400): `field` names the part that is wrong.
  invalidRequest: { field: string; location: 'path' | 'query' | 'body' };
}

/** @public */
export type ReasonCode = keyof ReasonParams;

/**
 * A reason as data: a code and its parameters, e.g.
 * `{ code: 'promotionRunning', params: { promotion: 'p-1' } }`.
 *
 * @public
 */
export type Reason = {
  [C in ReasonCode]: { code: C; params: ReasonParams[C] };
}[ReasonCode];

const noVerification = 'This Stage has no verification configured';
const upstreamList = (upstream: string[]) => upstream.join(', ') || 'none';

const LOCATIONS = {
  path: 'path parameter',
  query: 'query parameter',
  body: 'request body field',
} as const;

const ENGLISH: { [C in ReasonCode]: (params: ReasonParams[C]) => string } = {
  promotionRunning: p =>
    `Kargo does not verify while Promotion ${p.promotion} is running; wait for it to finish`,
  noVerification: () => noVerification,
  noFreight: () => 'No Freight has been promoted to this Stage yet',
  notVerified: () => 'The current Freight has not been verified yet',
  implicitVerification: () =>
    'Kargo recorded the current verification without an id (an implicit verification), so it cannot be repeated or aborted; promote the Freight again instead',
  verificationPending: p => verificationOngoing('pending', p.startTime),
  verificationRunning: p => verificationOngoing('running', p.startTime),
  alreadyAborted: () => 'The current verification was already aborted',
  stageUnreadable: () => 'This Stage could not be read',
  alreadyFinished: p =>
    `The current verification already finished (${p.phase}); there is nothing to abort`,
  freightOtherProject: p =>
    `Freight "${p.freight}" belongs to project "${p.freightProject}", not to "${p.stageProject}"`,
  originNotRequested: p =>
    `Stage "${p.stage}" does not request Freight from ${p.origin}`,
  freightApproved: p =>
    `Freight "${p.freight}" is approved for Stage "${p.stage}"`,
  directOrigin: p =>
    `Stage "${p.stage}" takes Freight directly from ${p.origin}`,
  verifiedUpstream: p =>
    `Freight "${p.freight}" is verified in ${p.stages.join(', ')}`,
  soaking: p =>
    `Freight "${p.freight}" must soak ${formatEnglishDuration(
      p.soakMs,
    )} in its upstream Stages to be available to Stage "${
      p.stage
    }"; so far ${p.soaking
      .map((s, i) => `${formatEnglishDuration(p.soakedMs[i] ?? 0)} in ${s}`)
      .join(', ')}`,
  notVerifiedInAll: p =>
    `Freight "${
      p.freight
    }" must be verified in all upstream Stages (${upstreamList(
      p.upstream,
    )}) to be available to Stage "${p.stage}"`,
  notVerifiedInAny: p =>
    `Freight "${
      p.freight
    }" must be verified in at least one upstream Stage (${upstreamList(
      p.upstream,
    )}) to be available to Stage "${p.stage}"`,
  freightNotGiven: p =>
    `No Freight given: pass a Freight name or alias in project ${p.project}`,
  freightNotFound: p =>
    `No Freight named or aliased "${p.freight}" in project ${p.project}`,
  noPromotionSteps: p =>
    `Stage ${p.stage} has no promotion steps, so Freight cannot be promoted into it`,
  promotionNotFound: p =>
    `Promotion ${p.promotion} of Stage ${p.stage} not found in project ${p.project}`,
  promotionOtherStage: p =>
    `Promotion ${p.promotion} does not promote into Stage ${p.stage}`,
  promotionEnded: p =>
    `Promotion ${p.promotion} has already ended (${p.phase}); only a Pending or Running Promotion can be aborted`,
  pullRequestNotOfStage: p =>
    `${p.reference} is not an open pull request of Stage ${p.stage}`,
  pullRequestNotOpen: p => `${p.reference} is not open`,
  pullRequestWaitedOn: p =>
    `${p.reference} is not orphaned: Promotion ${p.promotion} waits on it`,
  pullRequestFromFork: p =>
    `${p.reference} comes from a fork: its branch is not one Kargo pushed`,
  pullRequestNotPromotionBranch: p =>
    `${p.reference} is from branch ${p.branch}, which no Promotion of the Stage pushes to`,
  pullRequestBranchShared: p =>
    `The branch ${p.branch} of ${p.reference} is not a single Promotion's own, so it is not deleted`,
  gitNoIntegration: p =>
    `No Git provider integration is configured for host ${p.host}`,
  gitRateLimited: p =>
    `${p.provider} ${p.host} rate limited until ${formatUtcClock(p.resetTime)}`,
  gitUnreachable: p =>
    `${p.provider} ${p.host} could not be reached for ${p.repo}: ${p.detail}`,
  gitUnauthorized: p =>
    `${p.provider} rejected the credentials of integration ${
      p.host
    } (401); check integrations.${p.provider.toLowerCase()} for ${p.host}`,
  gitForbidden: p =>
    `The ${p.provider} integration of ${p.host} is not allowed to access ${p.repo} (403): ${p.detail}`,
  gitNotFound: p =>
    `repository ${p.repo} not found or not visible to the integration ${p.host}`,
  gitConflict: p => `${p.provider} ${p.host}: ${p.detail}`,
  gitRefused: p =>
    `${p.provider} ${p.host} refused the request for ${p.repo}: ${p.detail}`,
  gitFailed: p =>
    `${p.provider} ${p.host} failed for ${p.repo} (${p.status}): ${p.detail}`,
  projectNotFound: p =>
    `Kargo project '${p.project}' not found in instance '${p.instance}'`,
  projectNotReadYet: p =>
    `Kargo project '${p.project}' of instance '${p.instance}' could not be read yet`,
  stageNotFound: p =>
    `Stage '${p.stage}' not found in Kargo project '${p.project}' of instance '${p.instance}'`,
  analysisRunNotFound: p =>
    `AnalysisRun '${p.analysisRun}' not found in Kargo project '${p.project}' of instance '${p.instance}'`,
  entityNotFound: p =>
    `Entity ${p.kind}:${p.namespace}/${p.name} not found in the catalog`,
  invalidRequest: p => `Invalid ${LOCATIONS[p.location]} '${p.field}'`,
  ...KARGO_API_ENGLISH,
};

function verificationOngoing(state: string, startTime: string | null) {
  const since = formatUtcClock(startTime);
  return `Verification is still ${state}${
    since ? ` (started ${since})` : ''
  }; abort it or wait for it to finish`;
}

/**
 * Every reason code, for a frontend's test that each one has a message.
 *
 * @public
 */
export const REASON_CODES = Object.keys(ENGLISH) as ReasonCode[];

/**
 * The English sentence of a reason, for API users, logs and MCP actions
 * (times in UTC).
 *
 * @public
 */
export function reasonMessage(reason: Reason): string {
  const english = ENGLISH[reason.code] as (params: unknown) => string;
  // Held flat: details keep their reasons as long as they live.
  return flatText(english(reason.params));
}

/**
 * An error of `ErrorClass` (e.g. NotFoundError of `@backstage/errors`) that
 * carries a reason: `code` and `params` beside its English message (by
 * default {@link reasonMessage}), so that an HTTP answer's `error` object
 * carries them too (Backstage's error handler serializes an error's fields).
 *
 * @public
 */
export function errorWithReason<E extends Error>(
  ErrorClass: new (message: string, cause?: Error) => E,
  reason: Reason,
  options: { message?: string; cause?: Error } = {},
): E {
  const error = new ErrorClass(
    options.message ?? reasonMessage(reason),
    options.cause,
  );
  return Object.assign(error, { code: reason.code, params: reason.params });
}

/**
 * The reason an error (or an answer's serialized `error`) carries, if it
 * carries one this version knows.
 *
 * @public
 */
export function reasonOf(error: unknown): Reason | undefined {
  const { code, params } = (error ?? {}) as {
    code?: unknown;
    params?: unknown;
  };
  // Own codes only: `in` would also take Object.prototype's names.
  if (
    typeof code !== 'string' ||
    !Object.prototype.hasOwnProperty.call(ENGLISH, code)
  )
    return undefined;
  if (!params || typeof params !== 'object') return undefined;
  return { code, params } as Reason;
}
