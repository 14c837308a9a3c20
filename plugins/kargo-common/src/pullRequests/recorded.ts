import type { Promotion, PromotionStep, Stage } from '../types';
import { httpUrlOf } from '../promotion/stepView';
import { asArray, asRecord } from '../util/objects';
import { parsePullRequestUrl, repoKey } from './repoUrl';
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
  // Safe integers only: `1e21` or twenty digits is no PR number (it printed
  // as `#1e+21` and matched nothing a provider lists).
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0
    ? n
    : undefined;
}

/** What one step output says about the pull request its step opened or waited for. */
export interface PullRequestRecord {
  url: string | undefined;
  number: number | undefined;
}

/**
 * The one reader of a pull request a step recorded in a Promotion's
 * `status.state[<alias>]`: `pr.url` and `pr.id` (git-open-pr v1.5+,
 * git-wait-for-pr; the id may be a number or a string of digits), or the older
 * `prNumber` (git-open-pr <= v1.6). The URL only when it is an http(s) URL
 * without credentials (httpUrlOf). Undefined when the output records neither
 * such a URL nor a positive integer number.
 */
export function pullRequestRecordOf(
  output: unknown,
): PullRequestRecord | undefined {
  const record = asRecord(output);
  const pr = asRecord(record?.pr);
  // A step output is whatever the Stage's template wrote: only a plain
  // http(s) URL is ever linked (no `javascript:`, no credentials).
  const url = httpUrlOf(pr?.url);
  const number = asNumber(pr?.id) ?? asNumber(record?.prNumber);
  return url || number !== undefined ? { url, number } : undefined;
}

/** Kargo's step alias: `as`, else `step-<n>` counted from 1 (`PromotionStep.GetAlias`). */
function stepAlias(step: PromotionStep, index: number): string {
  return step.as || `step-${index + 1}`;
}

/** The steps whose output Kargo gives a `pr` (git_pr_opener.go, git_pr_waiter.go), in the order they are asked. */
const PULL_REQUEST_STEPS = ['git-open-pr', 'git-wait-for-pr'];

/**
 * The outputs of the Promotion's git-open-pr steps, then of its
 * git-wait-for-pr steps: a step output is whatever the Stage's template
 * wrote (compose-output records any `pr`), so no other step's is the
 * Promotion's PR. Every output of a Promotion read without its steps.
 */
function pullRequestOutputs(promotion: Promotion): unknown[] {
  const state = asRecord(promotion.status?.state);
  if (!state) return [];
  const steps = asArray(promotion.spec?.steps);
  if (!steps.length) return Object.values(state);
  return PULL_REQUEST_STEPS.flatMap(uses =>
    steps.flatMap((step, index) => {
      const alias = step?.uses === uses ? stepAlias(step, index) : undefined;
      return alias && Object.prototype.hasOwnProperty.call(state, alias)
        ? [state[alias]]
        : [];
    }),
  );
}

/**
 * The pull request URL the Promotion's `git-open-pr` step recorded in its
 * shared state (`status.state[<alias>].pr.url`, Kargo v1.5+), else its
 * `git-wait-for-pr` step's. No other step's output counts
 * (pullRequestOutputs).
 *
 * @public
 */
export function recordedPullRequestUrl(
  promotion: Promotion,
): string | undefined {
  for (const output of pullRequestOutputs(promotion)) {
    const url = pullRequestRecordOf(output)?.url;
    if (url) return url;
  }
  return undefined;
}

/** The `pr.id` (or older `prNumber`) the Promotion's PR step recorded (as recordedPullRequestUrl). */
export function recordedPullRequestNumber(promotion: Promotion): number | null {
  for (const output of pullRequestOutputs(promotion)) {
    const number = pullRequestRecordOf(output)?.number;
    if (number !== undefined) return number;
  }
  return null;
}

/**
 * PRs the Stage's Promotions recorded in `status.state.<alias>`: `pr.id` and
 * `pr.url` (git-open-pr v1.5+, git-wait-for-pr), or `prNumber` (git-open-pr
 * <= v1.6). A record without a URL takes its repository from the step of the
 * same alias (in the Promotion, else in the Stage's template). Only records of
 * a git-open-pr or git-wait-for-pr step, in its repository when it is known,
 * count (recordedByPullRequestStep).
 */
export function recordedPullRequests(
  stage: Stage,
  promotions: Promotion[] | undefined,
  steps: GitStep[] = gitStepsOfStage(stage, promotions),
): RecordedPullRequest[] {
  return recordedByOwn(promotionsOfStage(stage, promotions), steps);
}

/**
 * Whether a record is one Kargo's own PR step could have written: under the
 * alias of a git-open-pr or git-wait-for-pr step, and (when both are known)
 * in that step's repository. A step output is whatever the Stage's template
 * wrote (compose-output records any `pr`): an unchecked URL made the portal
 * list, show and close PRs of any repository its Git identity reads.
 */
function recordedByPullRequestStep(
  step: GitStep | undefined,
  urlRepo: string | undefined,
): boolean {
  if (!isPullRequestStep(step)) return false;
  return (
    !urlRepo || !step.repoUrl || repoKey(urlRepo) === repoKey(step.repoUrl)
  );
}

/** The steps whose output Kargo gives a `pr` (git_pr_opener.go, git_pr_waiter.go). */
function isPullRequestStep(step: GitStep | undefined): step is GitStep {
  return step?.uses === 'git-open-pr' || step?.uses === 'git-wait-for-pr';
}

/** The key of a step: its Promotion (none: the template's) and alias. */
const stepKey = (promotion: string | null, alias: string) =>
  `${promotion ?? ''}\u0000${alias}`;

/**
 * The git-open-pr and git-wait-for-pr steps of each Promotion (null: the
 * template), where each is the first Git step of its alias (as `find`
 * would): a Promotion's records are read by these steps' aliases, never by
 * walking its outputs, so hundreds of Promotions sharing thousands of
 * outputs (the watch holds them once) cost their PR steps, not their
 * outputs.
 */
function pullRequestStepsByPromotion(
  steps: GitStep[],
): Map<string | null, GitStep[]> {
  const seen = new Set<string>();
  const byPromotion = new Map<string | null, GitStep[]>();
  for (const step of steps) {
    const key = stepKey(step.promotion, step.alias);
    if (seen.has(key)) continue;
    seen.add(key);
    if (!isPullRequestStep(step)) continue;
    const list = byPromotion.get(step.promotion);
    if (list) list.push(step);
    else byPromotion.set(step.promotion, [step]);
  }
  return byPromotion;
}

/** recordedPullRequests of the Stage's own Promotions, already selected (promotionsOfStage). */
export function recordedByOwn(
  own: Promotion[],
  steps: GitStep[],
): RecordedPullRequest[] {
  const recorded: RecordedPullRequest[] = [];
  const pullRequestSteps = pullRequestStepsByPromotion(steps);
  for (const promotion of own) {
    const name = promotion.metadata!.name!;
    const state = asRecord(promotion.status?.state);
    if (!state) continue;
    // The Promotion's own steps: Kargo copies the template's steps into
    // every Promotion, so the template's (edited since: a git-open-pr now
    // where a compose-output wrote the record) stand in only for a
    // Promotion that lists no steps.
    const ownSteps = asArray(promotion.spec?.steps).length > 0;
    for (const step of pullRequestSteps.get(ownSteps ? name : null) ?? []) {
      const { alias } = step;
      if (!Object.prototype.hasOwnProperty.call(state, alias)) continue;
      const record = pullRequestRecordOf(state[alias]);
      if (!record) continue;
      const { url } = record;
      const parsed = parsePullRequestUrl(url);
      const number = record.number ?? parsed?.number;
      if (!recordedByPullRequestStep(step, parsed?.repoUrl)) continue;
      recorded.push({
        promotion: name,
        alias,
        url,
        number,
        repoUrl: parsed?.repoUrl ?? step.repoUrl,
      });
    }
  }
  return recorded;
}
