import type {
  Freight,
  Promotion,
  PromotionTimelineEntry,
  PullRequestInfo,
  PullRequestWait,
  VerificationEntry,
} from '../types';
import { providerOfPullRequestUrl } from '../pullRequests/terms';
import { toMillis } from '../util/time';
import { type FreightIndex, indexFreight } from '../verification/freightOfRun';
import { KARGO_LABELS } from '../constants';
import {
  recordedPullRequestNumber,
  recordedPullRequestUrl,
} from '../pullRequests/recorded';
import {
  isTerminalPromotionPhase,
  promotionPhaseOf,
} from '../phases/phaseSets';
import { hasAbortRequest } from './abort';
import { freightAlias } from './freightAvailability';
import {
  clip,
  MAX_MESSAGE,
  MAX_STEP_VIEW_TEXT,
  promotionStepsOf,
  type StepViewBudget,
} from './stepView';
import { currentStepOf, failedStepOf, shownPromotionsOf } from './steps';
import { lowerBound } from '../util/search';

/** @public */
export interface PromotionTimelineInput {
  /** The Stage's Promotions, newest first (`promotionsOfStage`). */
  promotions: Promotion[];
  freight?: Freight[];
  verifications?: VerificationEntry[];
  pullRequests?: PullRequestInfo[];
}

const startOf = (p: Promotion) =>
  toMillis(p.status?.startedAt ?? p.metadata?.creationTimestamp);

function pullRequestOf(promotion: Promotion, pullRequests: PullRequestInfo[]) {
  const url = recordedPullRequestUrl(promotion);
  const name = promotion.metadata?.name;
  const listed = pullRequests.find(
    pr => (url && pr.url === url) || (!!name && pr.promotion === name),
  );
  if (!url && !listed) return null;
  return {
    url: listed?.url ?? url!,
    number: listed?.number ?? recordedPullRequestNumber(promotion),
    state: listed?.state ?? null,
  };
}

/** A verification with a start time, and where it was listed. */
interface TimedVerification {
  at: number;
  index: number;
  entry: VerificationEntry;
}

/**
 * Each Freight's verifications that have a start time, oldest first (of
 * equal times, the one listed first last): looked up per Promotion, not
 * filtered and sorted per Promotion. A project member promotes one Freight
 * thousands of times, each verified; the filter and sort per Promotion took
 * the backend's one thread for seconds per rebuild of that Stage.
 */
function indexVerifications(
  verifications: VerificationEntry[],
): Map<string | undefined, TimedVerification[]> {
  const byFreight = new Map<string | undefined, TimedVerification[]>();
  verifications.forEach((entry, index) => {
    const at = toMillis(entry.startTime);
    if (at === undefined) return;
    const name = entry.freight?.name;
    const list = byFreight.get(name);
    if (list) list.push({ at, index, entry });
    else byFreight.set(name, [{ at, index, entry }]);
  });
  for (const list of byFreight.values()) {
    list.sort((a, b) => a.at - b.at || b.index - a.index);
  }
  return byFreight;
}

/** The last of `list` (oldest first) that started before `before`, if any. */
function lastBefore(
  list: TimedVerification[],
  before: number | undefined,
): TimedVerification | undefined {
  if (before === undefined) return list[list.length - 1];
  return list[lowerBound(list, v => v.at < before) - 1];
}

/**
 * The verification a Promotion led to: the newest verification of its
 * Freight that started after it finished and before the next Promotion of
 * the Stage started (a reverify in that window replaces the first outcome).
 */
function verificationOf(
  promotion: Promotion,
  next: Promotion | undefined,
  verifications: Map<string | undefined, TimedVerification[]>,
) {
  if (promotion.status?.phase !== 'Succeeded') return null;
  const freight = promotion.spec?.freight;
  const after = toMillis(promotion.status?.finishedAt) ?? startOf(promotion);
  const before = next ? startOf(next) : undefined;
  const newest = lastBefore(verifications.get(freight) ?? [], before);
  const found =
    newest && (after === undefined || newest.at >= after)
      ? newest.entry
      : undefined;
  if (!found) return null;
  return {
    phase: found.phase,
    analysisRun: found.analysisRun?.name ?? null,
    stale: found.stale,
  };
}

/**
 * One Stage's Promotions, newest first, each with its Freight, who asked for
 * it, the step that failed and why, the PR it opened and the verification
 * that followed it.
 *
 * @public
 */
export function buildPromotionTimeline(
  input: PromotionTimelineInput,
  freight: FreightIndex = indexFreight(input.freight ?? []),
): PromotionTimelineEntry[] {
  const promotions = shownPromotionsOf(input.promotions);
  // One budget for the Stage: newest Promotions first get their step views.
  const budget: StepViewBudget = { chars: MAX_STEP_VIEW_TEXT };
  const verifications = indexVerifications(input.verifications ?? []);
  return promotions.map((promotion, index) => {
    const freightName =
      promotion.spec?.freight ?? promotion.status?.freight?.name ?? null;
    const object = freightName ? freight.get(freightName) : undefined;
    return {
      name: promotion.metadata?.name ?? '',
      freight: freightName
        ? {
            name: freightName,
            alias: object ? freightAlias(object) ?? null : null,
          }
        : null,
      actor:
        promotion.metadata?.annotations?.[KARGO_LABELS.createActor] ?? null,
      createdAt: promotion.metadata?.creationTimestamp ?? null,
      startedAt: promotion.status?.startedAt ?? null,
      finishedAt: promotion.status?.finishedAt ?? null,
      phase: promotionPhaseOf(promotion.status?.phase),
      message: clip(promotion.status?.message, MAX_MESSAGE) ?? null,
      failedStep: failedStepOf(promotion),
      currentStep: currentStepOf(promotion),
      pullRequest: pullRequestOf(promotion, input.pullRequests ?? []),
      // Only while it runs: once Kargo acted, the phase says Aborted.
      ...(hasAbortRequest(promotion) &&
      !isTerminalPromotionPhase(promotion.status?.phase)
        ? { abortRequested: true }
        : {}),
      // `promotions` is newest first: the next one is the one before it.
      verification: verificationOf(
        promotion,
        index > 0 ? promotions[index - 1] : undefined,
        verifications,
      ),
      steps: promotionStepsOf(promotion, budget),
    };
  });
}

/**
 * The newest running Promotion of a Stage parked on `git-wait-for-pr`, with
 * the PR it waits for and since when, or null when none waits.
 *
 * @public
 */
export function pullRequestWaitOf(
  timeline: PromotionTimelineEntry[],
  pullRequests: PullRequestInfo[] = [],
): PullRequestWait | null {
  const waiting = timeline.find(
    entry => entry.currentStep?.uses === 'git-wait-for-pr',
  );
  if (!waiting) return null;
  const listed = pullRequests.find(pr => pr.url === waiting.pullRequest?.url);
  return {
    promotion: waiting.name,
    number: waiting.pullRequest?.number ?? null,
    url: waiting.pullRequest?.url ?? null,
    provider:
      listed?.provider ?? providerOfPullRequestUrl(waiting.pullRequest?.url),
    since:
      listed?.createdAt ??
      waiting.currentStep?.startedAt ??
      waiting.startedAt ??
      null,
  };
}
