import {
  isTerminalPromotionPhase,
  recordedPullRequestUrl,
  type Promotion,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoClusterClient } from '@kargo-backstage/plugin-kargo-node';
import { pollUntil } from './shared';

/** Where a followed Promotion ended up. */
export interface PromotionOutcome {
  phase: string;
  pullRequestUrl?: string;
}

/**
 * Follows a Promotion until it ends or, with `untilPullRequest`, until a
 * git-open-pr step has recorded its pull request: a Promotion that ends with
 * git-wait-for-pr runs until someone merges, so waiting for the end is not
 * always what a template wants. Throws when the Promotion fails, errors or
 * is aborted, and on timeout.
 */
export async function followPromotion(options: {
  cluster: KargoClusterClient;
  project: string;
  name: string;
  untilPullRequest: boolean;
  timeoutSeconds: number;
  intervalMs: number;
  signal?: AbortSignal;
  /** Called with what is known before a failure is thrown. */
  onOutcome: (outcome: PromotionOutcome) => void;
}): Promise<PromotionOutcome> {
  const { cluster, project, name, untilPullRequest, timeoutSeconds } = options;
  const { value, finished } = await pollUntil<Promotion>({
    read: () => cluster.getPromotion(project, name),
    done: p =>
      isTerminalPromotionPhase(p.status?.phase) ||
      (untilPullRequest && !!recordedPullRequestUrl(p)),
    timeoutMs: timeoutSeconds * 1000,
    intervalMs: options.intervalMs,
    signal: options.signal,
  });
  const outcome: PromotionOutcome = {
    phase: value.status?.phase || 'Pending',
    pullRequestUrl: recordedPullRequestUrl(value),
  };
  options.onOutcome(outcome);
  if (!finished) {
    const what = untilPullRequest ? 'open a pull request' : 'finish';
    throw new Error(
      `Promotion ${name} did not ${what} within ${timeoutSeconds} seconds (phase ${outcome.phase}); it keeps running in Kargo`,
    );
  }
  const terminal = isTerminalPromotionPhase(outcome.phase);
  if (terminal && outcome.phase !== 'Succeeded') {
    const message = value.status?.message ? `: ${value.status.message}` : '';
    throw new Error(`Promotion ${name} ended ${outcome.phase}${message}`);
  }
  return outcome;
}
