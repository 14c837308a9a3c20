import type { Promotion, Stage } from '../types';
import { asRecord, asString } from '../util/objects';
import { parsePullRequestUrl } from './repoUrl';
import { GitStep, gitStepsOfStage, promotionsOfStage } from './steps';

/** A PR a Promotion of the Stage recorded in its step outputs. */
export interface RecordedPullRequest {
  promotion: string;
  /** Step alias it was recorded under. */
  alias: string;
  url: string | undefined;
  number: number | undefined;
  /** Repository: from the URL, else from the step that recorded it. */
  repoUrl: string | undefined;
}

function asNumber(value: unknown): number | undefined {
  const n =
    typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * PRs the Stage's Promotions recorded in `status.state.<alias>`: `pr.id` and
 * `pr.url` (git-open-pr v1.5+, git-wait-for-pr), or `prNumber` (git-open-pr
 * <= v1.6). A record without a URL takes its repository from the step of the
 * same alias (in the Promotion, else in the Stage's template).
 */
export function recordedPullRequests(
  stage: Stage,
  promotions: Promotion[] | undefined,
  steps: GitStep[] = gitStepsOfStage(stage, promotions),
): RecordedPullRequest[] {
  return recordedByOwn(promotionsOfStage(stage, promotions), steps);
}

/** recordedPullRequests of the Stage's own Promotions, already selected (promotionsOfStage). */
export function recordedByOwn(
  own: Promotion[],
  steps: GitStep[],
): RecordedPullRequest[] {
  const recorded: RecordedPullRequest[] = [];
  for (const promotion of own) {
    const name = promotion.metadata!.name!;
    const state = asRecord(promotion.status?.state) ?? {};
    for (const [alias, value] of Object.entries(state)) {
      const output = asRecord(value);
      const pr = asRecord(output?.pr);
      const url = asString(pr?.url);
      const parsed = parsePullRequestUrl(url);
      const number =
        asNumber(pr?.id) ?? asNumber(output?.prNumber) ?? parsed?.number;
      if (!url && number === undefined) continue;
      const step =
        steps.find(s => s.promotion === name && s.alias === alias) ??
        steps.find(s => s.promotion === null && s.alias === alias);
      recorded.push({
        promotion: name,
        alias,
        url,
        number,
        repoUrl: parsed?.repoUrl ?? step?.repoUrl,
      });
    }
  }
  return recorded;
}
