import { formatClock, formatDuration } from '../util/time';

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
export interface ReasonParams {
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
    `Freight "${p.freight}" must soak ${formatDuration(
      p.soakMs,
    )} in its upstream Stages to be available to Stage "${
      p.stage
    }"; so far ${p.soaking
      .map((s, i) => `${formatDuration(p.soakedMs[i] ?? 0)} in ${s}`)
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
};

function verificationOngoing(state: string, startTime: string | null) {
  const since = formatClock(startTime);
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
  return english(reason.params);
}
