import type { StageActions, StageDetail } from '../types';

/** Why nothing can be done on a Stage whose data could not be read. */
const UNREADABLE = 'This Stage could not be read';

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/**
 * The actions of a Stage that could not be read: none allowed, saying why
 * (with the cause, when known).
 */
export function unreadableStageActions(error?: unknown): StageActions {
  const reason =
    error === undefined ? UNREADABLE : `${UNREADABLE}: ${messageOf(error)}`;
  const blocked = { allowed: false, reason };
  return { reverify: blocked, abort: blocked };
}

/**
 * The entry of a Stage whose data could not be turned into a detail: it
 * keeps its place in the list, with the error, and nothing can be done on it.
 */
export function unreadableStageDetail(
  where: { instance: string; project: string; now: string },
  name: string,
  error: unknown,
): StageDetail {
  const actions = unreadableStageActions(error);
  return {
    instance: where.instance,
    project: where.project,
    name,
    phase: 'Unknown',
    health: null,
    currentFreight: null,
    verificationPhase: 'None',
    verificationStale: false,
    verificationCounts: { total: 0, failed: 0, running: 0, successful: 0 },
    openPullRequests: 0,
    openPullRequestUrls: [],
    actions,
    kargoUrl: null,
    error: actions.reverify.reason ?? UNREADABLE,
    verifications: [],
    pullRequests: [],
    pullRequestErrors: [],
    lastUpdated: where.now,
    stale: false,
  };
}
