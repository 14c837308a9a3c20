import {
  pullRequestTerms,
  providerOfPullRequestUrl,
} from '../pullRequests/terms';
import type {
  PromotionTimelineEntry,
  PullRequestWait,
  StageDetail,
} from '../types';

/** One Promotion of a Stage as an assistant reads it. @public */
export interface AssistantPromotion {
  name: string;
  /** Pending, Running, Succeeded, Failed, Errored or Aborted. */
  phase: string;
  freight: string | null;
  actor: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  /** The step that failed and Kargo's message: "wait-for-pr (git-wait-for-pr): <message>". */
  failedStep?: string;
  /** A running Promotion's current step. */
  currentStep?: string;
  /** What the Promotion waits on, in the provider's words, and since when. */
  waitingOn?: string;
}

/** How many Promotions `get-stage` tells, newest first. */
const MAX_PROMOTIONS = 10;

function stepText(step: PromotionTimelineEntry['failedStep']) {
  if (!step) return undefined;
  const kind = step.uses ? ` (${step.uses})` : '';
  return `${step.alias}${kind}${step.message ? `: ${step.message}` : ''}`;
}

/**
 * What a running Promotion waits on, in the provider's words: "merge
 * request !7 (https://...) to be merged, since 2026-12-01T09:00:00Z".
 *
 * @public
 */
export function describePullRequestWait(wait: PullRequestWait): string {
  const provider =
    wait.provider ?? providerOfPullRequestUrl(wait.url) ?? 'github';
  const terms = pullRequestTerms(provider);
  const noun = terms.noun === 'mergeRequest' ? 'merge request' : 'pull request';
  const ref =
    wait.number !== null ? `${terms.prefix}${wait.number}` : '(number unknown)';
  return `${noun} ${ref}${wait.url ? ` (${wait.url})` : ''} to be merged${
    wait.since ? `, since ${wait.since}` : ''
  }`;
}

/**
 * The Stage's Promotion timeline for an assistant, newest first: a failed
 * step with Kargo's message (e.g. "no PR number found in output from step
 * open-pr") and the PR/MR a running Promotion waits on, with since when.
 *
 * @public
 */
export function toAssistantPromotions(
  stage: Pick<StageDetail, 'promotions' | 'waitingOnPullRequest'>,
): AssistantPromotion[] {
  const wait = stage.waitingOnPullRequest ?? null;
  return (stage.promotions ?? []).slice(0, MAX_PROMOTIONS).map(p => {
    const failedStep = stepText(p.failedStep);
    const currentStep =
      p.phase === 'Running' ? stepText(p.currentStep) : undefined;
    return {
      name: p.name,
      phase: p.phase,
      freight: p.freight ? p.freight.alias ?? p.freight.name : null,
      actor: p.actor,
      startedAt: p.startedAt,
      finishedAt: p.finishedAt,
      ...(failedStep ? { failedStep } : {}),
      ...(currentStep ? { currentStep } : {}),
      ...(wait && wait.promotion === p.name
        ? { waitingOn: describePullRequestWait(wait) }
        : {}),
    };
  });
}
