import { flatText } from '../util/text';
import type { KargoApiReasonParams } from './kargoApi';
import { interpolate, REASON_TEMPLATES } from './templates';
import { ENGLISH_FORMATTERS, reasonValues } from './values';

/**
 * A Freight's upstream Stages in a reason: the first 10 named, `upstreamMore`
 * counting the others (a project member writes the list).
 *
 * @public
 */
export type UpstreamParams = {
  freight: string;
  stage: string;
  upstream: string[];
  upstreamMore?: number;
};

/**
 * The parameters of each reason code: why an action or a Freight is (not)
 * available. Each code's English is its template in `REASON_TEMPLATES`; the
 * frontend words a code through its translation ref (whose English is that
 * same object), API answers carry the English {@link reasonMessage} beside
 * the code.
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
  /** `<list>More`: how many a list leaves unnamed (see {@link UpstreamParams}). */
  verifiedUpstream: { freight: string; stages: string[]; stagesMore?: number };
  /** `soaking[i]` has soaked `soakedMs[i]` so far. */
  soaking: {
    freight: string;
    stage: string;
    soakMs: number;
    soaking: string[];
    soakedMs: number[];
    soakingMore?: number;
  };
  notVerifiedInAll: UpstreamParams;
  notVerifiedInAny: UpstreamParams;
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

/**
 * Every reason code, for a frontend's test that each one has a message.
 *
 * @public
 */
export const REASON_CODES = Object.keys(REASON_TEMPLATES) as ReasonCode[];

/**
 * The English sentence of a reason, for API users, logs and MCP actions
 * (times in UTC): its {@link REASON_TEMPLATES} template filled in English.
 *
 * @public
 */
export function reasonMessage(reason: Reason): string {
  const template: string = REASON_TEMPLATES[reason.code];
  // Held flat: details keep their reasons as long as they live.
  return flatText(
    interpolate(template, reasonValues(reason, ENGLISH_FORMATTERS)),
  );
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
    !Object.prototype.hasOwnProperty.call(REASON_TEMPLATES, code)
  )
    return undefined;
  if (!params || typeof params !== 'object') return undefined;
  return { code, params } as Reason;
}
