import type {
  EntityStagesResponse,
  StageDetail,
  VerificationEntry,
} from '@kargo-backstage/plugin-kargo-common';
import { kargoStageResourceRef } from '@kargo-backstage/plugin-kargo-common';
import {
  isActivePhase,
  isTerminalPhase,
} from '@kargo-backstage/plugin-kargo-common';

/** A Stage action whose outcome the page keeps refreshing for. */
export interface StageWatch {
  key: string;
  action: 'reverify' | 'abort';
  /** Identity of the newest verification when the action was requested. */
  baseline: string | null;
  /** Epoch millis after which we stop waiting (the run may never start). */
  until: number;
}

/** How long to keep refreshing after an action at most. */
export const WATCH_TIMEOUT_MS = 10 * 60 * 1000;

export function stageKey(
  stage: Pick<StageDetail, 'instance' | 'project' | 'name'>,
) {
  return kargoStageResourceRef(stage);
}

export function currentVerification(
  stage: StageDetail,
): VerificationEntry | undefined {
  return stage.verifications.find(v => v.current);
}

function identity(entry: VerificationEntry | undefined): string | null {
  if (!entry) return null;
  return entry.id ?? entry.analysisRun?.name ?? entry.startTime ?? null;
}

export function createWatch(
  stage: StageDetail,
  action: StageWatch['action'],
  now: number,
): StageWatch {
  return {
    key: stageKey(stage),
    action,
    baseline: identity(stage.verifications[0]),
    until: now + WATCH_TIMEOUT_MS,
  };
}

/**
 * A reverify is settled once a newer verification exists and has ended; an
 * abort once the current verification has ended.
 */
export function isSettled(
  watch: StageWatch,
  stages: StageDetail[],
  now: number,
): boolean {
  if (now > watch.until) return true;
  const stage = stages.find(s => stageKey(s) === watch.key);
  if (!stage) return true;
  if (watch.action === 'abort') {
    return !isActivePhase(currentVerification(stage)?.phase);
  }
  const newest = stage.verifications[0];
  return identity(newest) !== watch.baseline && isTerminalPhase(newest?.phase);
}

/** Refresh while a verification is going on or an action awaits its run. */
export function needsPolling(
  response: EntityStagesResponse | undefined,
  watches: StageWatch[],
): boolean {
  if (watches.length > 0) return true;
  return !!response?.items.some(s =>
    isActivePhase(currentVerification(s)?.phase),
  );
}
