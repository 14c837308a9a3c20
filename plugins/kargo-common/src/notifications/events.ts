import type { StageDetail, VerificationEntry } from '../types';
import { effectiveVerificationPhase } from '../verification/kargoRecord';
import {
  describeMetricFailure,
  failureSentence,
} from '../verification/failureText';
import { isFailedVerificationPhase } from '../phases/phaseSets';
import { pullRequestInEnglish } from '../pullRequests/terms';

/**
 * Something about a Stage its owners should hear about once. `key` names the
 * event for good (the verification, the PR, the Promotion): the same key is
 * never announced twice.
 *
 * @public
 */
export interface KargoStageEvent {
  kind: 'verification-failed' | 'pull-request-orphaned' | 'promotion-waiting';
  key: string;
  instance: string;
  project: string;
  stage: string;
  title: string;
  description: string;
}

/** @public */
export interface StageEventOptions {
  /** Now in epoch ms (the functions are pure). */
  now: number;
  /** A Promotion waiting on its open PR longer than this is announced. */
  promotionWaitMs: number;
}

function where(stage: StageDetail): string {
  return `${stage.project}/${stage.name}`;
}

function detailsOf(entry: VerificationEntry): string {
  const parts = [
    entry.analysisRun ? `AnalysisRun ${entry.analysisRun.name}` : null,
    entry.freight
      ? `Freight ${entry.freight.alias ?? entry.freight.name}`
      : null,
  ].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function verificationEvents(stage: StageDetail): KargoStageEvent[] {
  const current = stage.verifications.find(v => v.current);
  if (!current) return [];
  const phase = effectiveVerificationPhase(current);
  const id = current.id ?? current.analysisRun?.name;
  if (!isFailedVerificationPhase(phase) || !id) return [];
  const failures = current.metrics
    .filter(m => isFailedVerificationPhase(m.phase))
    .map(describeMetricFailure);
  // At most 5 metrics named, 2,000 characters: a project member writes the
  // AnalysisRun, stored and shown once per recipient (attack 8).
  const why = failures.length
    ? failureSentence(failures, current.unlistedFailedMetrics)
    : failureSentence([current.message ?? 'no message']);
  return [
    {
      kind: 'verification-failed',
      key: `verification:${stage.instance}/${stage.project}/${stage.name}/${id}`,
      instance: stage.instance,
      project: stage.project,
      stage: stage.name,
      title: `Kargo verification ${phase} on ${where(stage)}`,
      description: `${current.aborted ? 'Aborted by a user' : why}${detailsOf(
        current,
      )}`,
    },
  ];
}

function pullRequestEvents(
  stage: StageDetail,
  options: StageEventOptions,
): KargoStageEvent[] {
  const events: KargoStageEvent[] = [];
  for (const pr of stage.pullRequests) {
    if (pr.state !== 'open') continue;
    const base = {
      instance: stage.instance,
      project: stage.project,
      stage: stage.name,
    };
    if (pr.orphaned) {
      events.push({
        ...base,
        kind: 'pull-request-orphaned',
        key: `pull-request:${pr.url}`,
        title: `Orphaned ${pullRequestInEnglish(
          pr.provider,
          pr.number,
        )} for ${where(stage)}`,
        description: `"${pr.title}" is open but no Promotion waits for it any more: merge it with a new Promotion or close it (${pr.url})`,
      });
      continue;
    }
    const opened = pr.createdAt ? Date.parse(pr.createdAt) : NaN;
    if (pr.promotion && opened + options.promotionWaitMs <= options.now) {
      const minutes = Math.floor((options.now - opened) / 60_000);
      events.push({
        ...base,
        kind: 'promotion-waiting',
        key: `promotion:${stage.instance}/${stage.project}/${pr.promotion}`,
        title: `Promotion ${pr.promotion} to ${where(
          stage,
        )} waits on ${pullRequestInEnglish(pr.provider, pr.number)}`,
        description: `It has waited ${formatMinutes(minutes)} for ${
          pr.url
        } to be merged; Kargo fails the Promotion if the ${pullRequestInEnglish(
          pr.provider,
        )} stays open too long`,
      });
    }
  }
  return events;
}

function formatMinutes(minutes: number): string {
  if (minutes < 120) return `${minutes} minutes`;
  return `${Math.floor(minutes / 60)} hours`;
}

/** Every event that holds for the Stage now. @public */
export function eventsOfStage(
  stage: StageDetail,
  options: StageEventOptions,
): KargoStageEvent[] {
  return [...verificationEvents(stage), ...pullRequestEvents(stage, options)];
}

/**
 * The events the change from `previous` to `next` brings: those that hold for
 * `next` and did not for `previous`. Without `previous` (first sight, e.g.
 * after a restart) every event that holds counts; the caller remembers which
 * keys it announced, so nothing repeats.
 *
 * @public
 */
export function newStageEvents(
  previous: StageDetail | undefined,
  next: StageDetail,
  options: StageEventOptions,
): KargoStageEvent[] {
  const before = new Set(
    previous ? eventsOfStage(previous, options).map(e => e.key) : [],
  );
  return eventsOfStage(next, options).filter(e => !before.has(e.key));
}
