import { orphanedCount } from '../assistant/stageView';
import type { PullRequestCandidate } from '../pullRequests/attribution';
import type {
  AnalysisRun,
  Freight,
  Promotion,
  RepositoryError,
  Stage,
  StageDetail,
  StageSummary,
} from '../types';
import { freightRequestsOf } from '../pipeline/graph';
import { autoPromotionOf } from '../promotion/autoPromotion';
import { freightOptionsOf } from '../promotion/options';
import { ProjectFreight } from '../promotion/projectFreight';
import { toMillis } from '../util/time';
import { deriveStageActions } from '../verification/actions';
import { deriveIndexedHistory } from '../verification/deriveHistory';
import type { UpstreamVerifications } from '../verification/upstreamHistory';
import { shownVerificationsOf } from '../verification/shownHistory';
import {
  currentVerificationPhase,
  verificationCounts,
} from '../verification/summary';
import { summarizeFreight } from './currentFreight';
import { kargoStageUrl } from './kargoUrl';
import { stageArgoCdApps } from './argoCdApps';
import type { StageWalk } from '../pullRequests/walk';
import type { Interner } from '../util/interner';
import {
  buildPullRequestParts,
  MAX_OPEN_PULL_REQUEST_URLS,
  openPullRequestUrlsOf,
} from './pullRequestParts';
import { deriveStagePhase } from './stagePhase';
import { entryText } from '../verification/entryText';

/** Characters of a Stage's health status (Kargo writes a word). */
const MAX_HEALTH = 64;
import { unreadableStageActions } from './unreadable';

/** @public */
export interface BuildStageDetailInput {
  instance: string;
  /** Base URL of the instance's Kargo UI, for deep links. */
  kargoUrl?: string | null;
  /** Base URL of the instance's Argo CD UI, for links to the Stage's Applications. */
  argocdUrl?: string | null;
  stage: Stage;
  analysisRuns?: AnalysisRun[];
  freight?: Freight[];
  promotions?: Promotion[];
  /** PRs listed from the Stage's repositories (attributed here). */
  pullRequests?: PullRequestCandidate[];
  /** Repositories whose PRs could not be listed (only the Stage's are kept). */
  pullRequestErrors?: RepositoryError[];
  /** A repository of the Stage has not been listed yet: its PRs are not known. */
  pullRequestsPending?: boolean;
  lastUpdated?: string | null;
  stale?: boolean;
  /**
   * `freight` indexed once for all the Stages of its project (see
   * buildProjectStages); one is built for this Stage when absent.
   */
  projectFreight?: ProjectFreight;
  /**
   * The histories of the Stages it takes Freight from (for the #5144
   * warning): UpstreamHistory ones are indexed once for all their
   * downstream Stages.
   */
  upstreamVerifications?: ReadonlyArray<UpstreamVerifications>;
  /**
   * The texts a detail kept for long repeats (Freight origins) and its
   * metric views are this table's copies: one per instance (see
   * InstanceModel); none for a detail answered and dropped.
   */
  interner?: Interner;
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Everything the plugin shows about one Stage, from what a gathering read.
 * Never throws: a part that fails on a malformed object is left empty and
 * `error` says which part and why, so one broken Stage never breaks a page.
 *
 * @public
 */
export function buildStageDetail(input: BuildStageDetailInput): StageDetail {
  return buildWalkedStageDetail(input);
}

/** `buildStageDetail`, reusing what the caller already walked (internal). */
export function buildWalkedStageDetail(
  given: BuildStageDetailInput,
  walked?: StageWalk,
): StageDetail {
  // Every part looks Freight up in one index: the project's when given.
  const freight = given.projectFreight ?? new ProjectFreight(given.freight);
  const input = { ...given, projectFreight: freight };
  const errors: string[] = [];
  function safely<T>(part: string, fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (error) {
      errors.push(`${part}: ${message(error)}`);
      return fallback;
    }
  }
  const { stage } = input;
  const project = safely('metadata', () => stage.metadata?.namespace ?? '', '');
  const name = safely('metadata', () => stage.metadata?.name ?? '', '');
  // The whole history decides counts, phases and actions; the detail
  // serves the newest of it.
  const history = safely(
    'verifications',
    () => deriveIndexedHistory(input, freight.byName),
    [],
  );
  const verifications = shownVerificationsOf(stage, history);
  const pr = buildPullRequestParts(input, verifications, safely, walked);
  const detail: StageDetail = {
    instance: input.instance,
    project,
    name,
    phase: safely('phase', () => deriveStagePhase(stage), 'Unknown'),
    health: safely(
      'health',
      // Kargo writes Healthy, Progressing, Degraded...: a free string.
      () => entryText(stage.status?.health?.status, MAX_HEALTH),
      null,
    ),
    currentFreight: safely(
      'freight',
      () => summarizeFreight(stage, input.freight, freight.byName),
      null,
    ),
    verificationPhase: currentVerificationPhase(history),
    verificationStale: history.some(v => v.stale),
    verificationCounts: verificationCounts(history),
    openPullRequests: pr.openPullRequests,
    ...(pr.pullRequestsPending ? { pullRequestsPending: true } : {}),
    openPullRequestUrls: pr.openPullRequestUrls,
    actions: safely(
      'actions',
      () => deriveStageActions(stage, history),
      unreadableStageActions(),
    ),
    kargoUrl:
      input.kargoUrl && project && name
        ? kargoStageUrl(input.kargoUrl, project, name)
        : null,
    error: null,
    argoCdApps: safely(
      'Argo CD applications',
      () => stageArgoCdApps(stage, input.argocdUrl),
      [],
    ),
    verifications,
    pullRequests: pr.pullRequests,
    pullRequestErrors: pr.pullRequestErrors,
    lastUpdated: input.lastUpdated ?? null,
    stale: input.stale ?? false,
    requestedFreight: safely(
      'requested freight',
      () => freightRequestsOf(stage, input.interner),
      [],
    ),
    promotions: pr.promotions,
    waitingOnPullRequest: pr.waitingOnPullRequest,
    freightOptions: safely(
      'freight',
      () =>
        freightOptionsOf(
          stage,
          freight,
          toMillis(input.lastUpdated) ?? Date.now(),
          undefined,
          input.upstreamVerifications,
          input.interner,
        ),
      [],
    ),
  };
  // Only when Kargo auto-promotes into the Stage or something holds it.
  const auto = safely('auto-promotion', () => autoPromotionOf(stage), null);
  if (auto && (auto.enabled || auto.holds.length)) detail.autoPromotion = auto;
  detail.error = errors.length ? errors.join('; ') : null;
  return detail;
}

/**
 * The list-view part of a Stage detail.
 *
 * @public
 */
export function toStageSummary(detail: StageDetail): StageSummary {
  return {
    instance: detail.instance,
    project: detail.project,
    name: detail.name,
    phase: detail.phase,
    health: detail.health,
    currentFreight: detail.currentFreight,
    verificationPhase: detail.verificationPhase,
    verificationStale: detail.verificationStale,
    verificationCounts: detail.verificationCounts,
    openPullRequests: detail.openPullRequests,
    ...(detail.pullRequestsPending ? { pullRequestsPending: true } : {}),
    orphanedPullRequests: orphanedCount(detail),
    // The catalog module links them and writes kargo.akuity.io/pull-request-urls:
    // the newest 20, however many are open (a detail built before the cap
    // may hold more).
    openPullRequestUrls: detail.openPullRequestUrls
      ? detail.openPullRequestUrls.slice(0, MAX_OPEN_PULL_REQUEST_URLS)
      : openPullRequestUrlsOf(detail.pullRequests),
    actions: detail.actions,
    kargoUrl: detail.kargoUrl,
    error: detail.error,
    ...(detail.requestedFreight
      ? { requestedFreight: detail.requestedFreight }
      : {}),
    ...(detail.autoPromotion ? { autoPromotion: detail.autoPromotion } : {}),
    ...(detail.argoCdApps?.length ? { argoCdApps: detail.argoCdApps } : {}),
  };
}
