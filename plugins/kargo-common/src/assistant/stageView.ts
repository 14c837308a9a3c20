import type {
  ActionAvailability,
  PullRequestInfo,
  StageDetail,
  VerificationEntry,
} from '../types';
import { isActivePhase, isFailedPromotionPhase } from '../phases/phaseSets';
import { effectiveVerificationPhase } from '../verification/kargoRecord';
import {
  describeMetricFailure,
  failureSentence,
  listFailures,
} from '../verification/failureText';
import { describeReverificationWarning } from '../verification/reverifiedFailed';
import { entryText, MAX_ENTRY_ACTOR } from '../verification/entryText';
import {
  describePullRequestWait,
  toAssistantPromotions,
  type AssistantPromotion,
} from './promotionView';

/**
 * Why the caller may not reverify or abort, whatever the Stage's state says
 * (denied permission, not a user); null when the caller may.
 *
 * @public
 */
export interface CallerRefusals {
  reverify: string | null;
  abort: string | null;
}

/** One verification as an assistant reads it. @public */
export interface AssistantVerification {
  id: string | null;
  analysisRun: string | null;
  freight: string | null;
  /** Live phase (what the AnalysisRun says now; Failed when a user aborted it). */
  phase: string;
  /** Present only when Kargo's record disagrees with the live phase. */
  recordedPhase?: string;
  stale?: true;
  current?: true;
  aborted?: true;
  startTime: string | null;
  finishTime: string | null;
  actor?: string;
  /**
   * Why it did not succeed: one line per failed metric, with its message and
   * measurement, for at most 5 metrics (then "and N more failed metrics"),
   * each clipped at 2,000 characters.
   */
  failures?: string[];
}

/** A pull request as an assistant reads it. @public */
export interface AssistantPullRequest {
  url: string;
  title: string;
  state: PullRequestInfo['state'];
  promotion: string | null;
  /** Open, and no Promotion waits for it any more: a leftover to merge or close. */
  orphaned: boolean;
  createdAt: string | null;
}

/** A Freight the Stage could be promoted to, in `get-stage`. @public */
export interface AssistantFreightOption {
  freight: string;
  current: boolean;
  available: boolean;
  reason: string;
  changes: string[];
}

/** `get-stage`'s answer. @public */
export interface AssistantStageView {
  stage: string;
  instance: string;
  project: string;
  phase: string;
  health: string | null;
  freight: string | null;
  /** The live phase of the current verification, or None. */
  verificationPhase: string;
  summary: string;
  verifications: AssistantVerification[];
  pullRequests: AssistantPullRequest[];
  pullRequestErrors: string[];
  /** The Stage's Promotions, newest first (at most ten). */
  promotions: AssistantPromotion[];
  /**
   * Freight offered to the Stage although its re-verification failed in an
   * upstream Stage, which Kargo does not say (akuity/kargo#5144).
   */
  freightWarnings: string[];
  /**
   * The Freight the Stage requests (newest first): whether it may be promoted
   * now and why not, and what promoting it would change ("ghcr.io/x: v1 -> v2").
   */
  freightOptions: AssistantFreightOption[];
  actions: { reverify: ActionAvailability; abort: ActionAvailability };
  kargoUrl: string | null;
  dataAsOf: string | null;
  /** True when the last refresh failed and this is older data. */
  dataStale: boolean;
  error?: string;
}

/**
 * Why a verification did not succeed, a line per failed metric: told with
 * at most 5 of them (`listFailures`, `failureSentence`), as a project
 * member writes the AnalysisRun (attack 8).
 */
function failuresOf(entry: VerificationEntry): string[] {
  const failed = entry.metrics.filter(
    m => m.phase !== 'Successful' && !isActivePhase(m.phase),
  );
  const lines = failed.map(describeMetricFailure);
  if (
    lines.length === 0 &&
    entry.message &&
    effectiveVerificationPhase(entry) !== 'Successful'
  ) {
    lines.push(entry.message);
  }
  return lines;
}

function freightName(
  f: { name: string; alias: string | null } | null,
): string | null {
  if (!f) return null;
  return f.alias ? `${f.alias} (${f.name})` : f.name;
}

/** A verification entry without the fields an assistant does not need. @public */
export function toAssistantVerification(
  entry: VerificationEntry,
): AssistantVerification {
  const phase = effectiveVerificationPhase(entry);
  const failures =
    phase === 'Successful'
      ? []
      : listFailures(failuresOf(entry), entry.unlistedFailedMetrics);
  // A derived entry's actor is clipped already (verification/entryText.ts);
  // an assistant never reads more of one, whatever built the entry.
  const actor = entryText(entry.actor, MAX_ENTRY_ACTOR);
  return {
    id: entry.id,
    analysisRun: entry.analysisRun?.name ?? null,
    freight: freightName(entry.freight),
    phase,
    ...(entry.stale && entry.recordedPhase
      ? { recordedPhase: entry.recordedPhase, stale: true as const }
      : {}),
    ...(entry.current ? { current: true as const } : {}),
    ...(entry.aborted ? { aborted: true as const } : {}),
    startTime: entry.startTime,
    finishTime: entry.finishTime,
    ...(actor ? { actor } : {}),
    ...(failures.length ? { failures } : {}),
  };
}

function withRefusal(
  availability: ActionAvailability,
  refusal: string | null | undefined,
): ActionAvailability {
  if (refusal) return { allowed: false, reason: refusal };
  return { allowed: availability.allowed, reason: availability.reason };
}

/**
 * One sentence saying what matters: the current verification, stale records
 * and orphaned PRs. An assistant quotes it; the lists hold the evidence.
 */
function summarizeStage(stage: StageDetail): string {
  const parts: string[] = [];
  const current = stage.verifications.find(v => v.current);
  if (!current) {
    parts.push('The current Freight has no verification');
  } else {
    const phase = effectiveVerificationPhase(current);
    const failures = phase === 'Successful' ? [] : failuresOf(current);
    parts.push(
      `Current verification ${phase}${
        failures.length
          ? ` because ${failureSentence(
              failures,
              current.unlistedFailedMetrics,
            )}`
          : ''
      }`,
    );
  }
  const stale = stage.verifications.filter(v => v.stale);
  if (stale.length) {
    parts.push(
      `${stale.length} older record(s) in Kargo's status disagree with their AnalysisRun (stale: the live phase is what happened)`,
    );
  }
  const wait = stage.waitingOnPullRequest;
  if (wait) {
    parts.push(
      `Promotion ${wait.promotion} waits for ${describePullRequestWait(wait)}`,
    );
  }
  // A failure since the last Promotion that succeeded (newest first).
  const promotions = stage.promotions ?? [];
  const lastSucceeded = promotions.findIndex(p => p.phase === 'Succeeded');
  const failed = promotions
    .slice(0, lastSucceeded < 0 ? undefined : lastSucceeded)
    .find(p => isFailedPromotionPhase(p.phase));
  if (failed) {
    const step = failed.failedStep;
    parts.push(
      `Promotion ${failed.name} ${failed.phase}${
        step
          ? ` at step ${step.alias}${step.message ? `: ${step.message}` : ''}`
          : ''
      }`,
    );
  }
  const open = stage.pullRequests.filter(p => p.state === 'open');
  const orphaned = open.filter(p => p.orphaned);
  parts.push(
    `${open.length} open pull request(s)${
      orphaned.length
        ? `, ${orphaned.length} orphaned (no Promotion waits for it)`
        : ''
    }`,
  );
  return `${parts.join('. ')}.`;
}

/** Warning sentences a get-stage answer carries; the others are counted. */
const MAX_FREIGHT_WARNINGS = 20;

/** "Freight calm-heron: verified in uat on ..., but re-verified there on ...: Failed (metric error-rate)". */
function freightWarningsOf(stage: StageDetail): string[] {
  const all = (stage.freightOptions ?? []).flatMap(option =>
    (option.reverifiedFailed ?? []).map(w => ({ option, w })),
  );
  const shown = all
    .slice(0, MAX_FREIGHT_WARNINGS)
    .map(
      ({ option, w }) =>
        `Freight ${
          option.alias ?? option.name
        }: ${describeReverificationWarning(w)}`,
    );
  const more = all.length - shown.length;
  return more > 0
    ? [
        ...shown,
        `And ${more} more such warnings (the Stage's Kargo tab lists them).`,
      ]
    : shown;
}

function freightOptionsOf(stage: StageDetail): AssistantFreightOption[] {
  return (stage.freightOptions ?? []).map(option => ({
    freight: option.alias ?? option.name,
    current: option.current,
    available: option.available,
    reason: option.reason,
    changes: (option.changes ?? []).map(
      c => `${c.repository}: ${c.from ?? 'none'} -> ${c.to ?? 'none'}`,
    ),
  }));
}

/** The answer of `get-stage`: compact and self-explaining. @public */
export function toAssistantStageView(
  stage: StageDetail,
  refusals?: CallerRefusals,
): AssistantStageView {
  return {
    stage: stage.name,
    instance: stage.instance,
    project: stage.project,
    phase: stage.phase,
    health: stage.health,
    freight: freightName(stage.currentFreight),
    verificationPhase: stage.verificationPhase,
    summary: summarizeStage(stage),
    verifications: stage.verifications.map(toAssistantVerification),
    pullRequests: stage.pullRequests.map(pr => ({
      url: pr.url,
      title: pr.title,
      state: pr.state,
      promotion: pr.promotion,
      orphaned: pr.orphaned,
      createdAt: pr.createdAt,
    })),
    pullRequestErrors: stage.pullRequestErrors.map(
      e => `${e.repoUrl}: ${e.message}`,
    ),
    promotions: toAssistantPromotions(stage),
    freightWarnings: freightWarningsOf(stage),
    freightOptions: freightOptionsOf(stage),
    actions: {
      reverify: withRefusal(stage.actions.reverify, refusals?.reverify),
      abort: withRefusal(stage.actions.abort, refusals?.abort),
    },
    kargoUrl: stage.kargoUrl,
    dataAsOf: stage.lastUpdated,
    dataStale: stage.stale,
    ...(stage.error ? { error: stage.error } : {}),
  };
}

/** One line of `list-stages`. @public */
export interface AssistantStageListItem {
  stage: string;
  instance: string;
  project: string;
  phase: string;
  verificationPhase: string;
  verificationStale: boolean;
  /** Null while a repository of the Stage was not listed yet (not known, not 0). */
  openPullRequests: number | null;
  orphanedPullRequests: number | null;
  reverifyAllowed: boolean;
  abortAllowed: boolean;
}

/** @public */
export function toAssistantStageListItem(
  stage: StageDetail,
): AssistantStageListItem {
  return {
    stage: stage.name,
    instance: stage.instance,
    project: stage.project,
    phase: stage.phase,
    verificationPhase: stage.verificationPhase,
    verificationStale: stage.verificationStale,
    openPullRequests: stage.pullRequestsPending ? null : stage.openPullRequests,
    orphanedPullRequests: stage.pullRequestsPending
      ? null
      : orphanedCount(stage),
    reverifyAllowed: stage.actions.reverify.allowed,
    abortAllowed: stage.actions.abort.allowed,
  };
}

/** Open pull requests no Promotion waits for. @public */
export function orphanedCount(
  stage: Pick<StageDetail, 'pullRequests'>,
): number {
  return stage.pullRequests.filter(p => p.state === 'open' && p.orphaned)
    .length;
}
