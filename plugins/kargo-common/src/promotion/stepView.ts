import type {
  Promotion,
  PromotionStepLink,
  PromotionStepView,
  StepExecutionMetadata,
} from '../types';
import { asArray, asRecord, asString } from '../util/objects';
import { isUnsuccessfulStepStatus, stepStatusOf } from '../phases/phaseSets';

/** Links kept per step: a step's output is user-controlled, the view is not. */
const MAX_LINKS = 20;
/**
 * Links kept per Promotion, all its steps together (the first ones, in step
 * order): 200 steps of 20 links made 4,000 links of one Promotion, and a
 * person follows a few. Real Promotions emit a handful.
 */
export const MAX_PROMOTION_LINKS = 50;
/**
 * Steps shown per Promotion (the one it failed at, or runs, besides): a
 * template is whatever a project member wrote, and every Promotion copies
 * it, while the watch holds equal step lists once; a view per step of
 * thousands, in every Promotion, cost the backend seconds and megabytes per
 * rebuild of that Stage.
 */
export const MAX_STEP_VIEWS = 200;
/** Longest label, alias, step kind, commit id or branch kept; longer text is cut. */
const MAX_TEXT = 200;
/** Longest message kept; longer text is cut. */
export const MAX_MESSAGE = 2_000;
/** Longest URL linked (as normalizeRepoUrl's limit); a longer one is not linked. */
const MAX_URL = 2_048;
/**
 * Characters of step views per Stage, all its Promotions together (newest
 * first). The watch holds equal step lists and outputs once, but a view of
 * them is served per Promotion: hundreds of Promotions of one template with
 * a 1.4 MB state of links made a Stage detail of hundreds of megabytes,
 * serialised on every read of that Stage. Real Stages use a few percent.
 */
export const MAX_STEP_VIEW_TEXT = 4 * 1_048_576;

/** What is left of a Stage's {@link MAX_STEP_VIEW_TEXT}. */
export interface StepViewBudget {
  chars: number;
}

/** One empty list for every step without links (most steps): a detail lives long. */
const NO_LINKS: PromotionStepLink[] = Object.freeze([]) as never;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * `text` cut to `max` characters (the last one an ellipsis).
 *
 * @public
 */
export function clip(text: string, max: number): string;
/**
 * `text` cut to `max` characters (the last one an ellipsis), undefined
 * for undefined.
 *
 * @public
 */
export function clip(text: string | undefined, max: number): string | undefined;
export function clip(text: string | undefined, max: number) {
  if (!text || text.length <= max) return text;
  // Never half of a character outside the BMP (an emoji): a lone surrogate.
  const end = isHighSurrogate(text.charCodeAt(max - 2)) ? max - 2 : max - 1;
  return `${text.slice(0, end)}…`;
}

const short = (text: string | undefined) => clip(text, MAX_TEXT);

/**
 * `value` when it is an absolute http(s) URL without credentials, else
 * undefined. Step outputs are whatever a step (or a user's expression)
 * wrote: never a `javascript:` link, never a token in a URL in the browser.
 * Kargo's UI keeps only http(s) links too (akuity/kargo v1.11.2
 * ui/src/plugins/output-links-plugin/output-links.ts).
 *
 * @public
 */
export function httpUrlOf(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    value.length > MAX_URL ||
    !/^https?:\/\//i.test(value)
  ) {
    return undefined;
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (url.username || url.password || !url.hostname) return undefined;
    return value;
  } catch {
    return undefined;
  }
}

/**
 * `links` of a step's output, as Kargo v1.11 steps emit them
 * (`[{ url, icon?, tooltip?, label? }]`): entries that are not objects or
 * whose URL is not http(s) are left out, as Kargo's UI leaves them out.
 */
function linksOf(output: Record<string, unknown> | undefined, left: number) {
  const max = Math.min(MAX_LINKS, left);
  if (max <= 0) return NO_LINKS;
  const links: PromotionStepLink[] = [];
  for (const entry of asArray(output?.links as unknown[])) {
    const link = asRecord(entry);
    const url = httpUrlOf(link?.url);
    if (!url) continue;
    links.push({
      url,
      label: short(asString(link!.label) ?? asString(link!.tooltip)) ?? null,
    });
    if (links.length === max) break;
  }
  return links.length ? links : NO_LINKS;
}

/** `pr: { id, url }` of git-open-pr and git-wait-for-pr (git_pr_opener.go, git_pr_waiter.go). */
function pullRequestOf(output: Record<string, unknown> | undefined) {
  const pr = asRecord(output?.pr);
  const url = httpUrlOf(pr?.url);
  if (!url) return undefined;
  const id = typeof pr!.id === 'string' ? Number(pr!.id) : pr!.id;
  return {
    url,
    number:
      typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null,
  };
}

/**
 * `commit` (and `commitURL`) of git-commit, git-push, git-merge-pr,
 * git-wait-for-pr and git-tag (git_commiter.go, git_pusher.go).
 */
function commitOf(output: Record<string, unknown> | undefined) {
  const id = asString(output?.commit);
  if (!id) return undefined;
  return { id: short(id)!, url: httpUrlOf(output?.commitURL) ?? null };
}

function statusOf(meta: StepExecutionMetadata | undefined) {
  return stepStatusOf(asString(meta?.status));
}

/**
 * Every step of a Promotion, in order, as Kargo's step view shows it
 * (akuity/kargo v1.11.2 ui/src/features/stage/promotion-steps.tsx): its
 * alias (`as`, else Kargo's `step-<n>`, `PromotionStep.GetAlias`), kind,
 * how it ran (`status.stepExecutionMetadata[i]`) and the outputs a person
 * follows from `status.state[<alias>]`: the pull request, the commit, the
 * branch and the links it emitted. A step that has not run has a null
 * status; the step a Promotion failed at carries the Promotion's message
 * when it kept none of its own.
 *
 * @public
 */
export function promotionStepsOf(
  promotion: Promotion,
  budget: StepViewBudget = { chars: Infinity },
): PromotionStepView[] {
  const specSteps = asArray(promotion.spec?.steps);
  const metadata = asArray(promotion.status?.stepExecutionMetadata);
  const state = asRecord(promotion.status?.state);
  const count = Math.max(specSteps.length, metadata.length);
  const failedAt = lastFailed(metadata);
  const currentStep = promotion.status?.currentStep;
  const views: PromotionStepView[] = [];
  // Kargo keys outputs by alias and takes a repeated alias (no webhook
  // refuses one): an output is shown once, at the first step of its alias
  // (as recordedByOwn reads it), not copied into a view per step: 200 steps
  // of one alias made a 4 MB Stage detail of a 42 KB Promotion, for each of
  // a project member's Stages.
  const outputShown = new Set<string>();
  let linksLeft = MAX_PROMOTION_LINKS;
  for (const i of shownSteps(count, failedAt, currentStep)) {
    const essential = i === failedAt || i === currentStep;
    // Past the Stage's budget, no view is built only to be dropped.
    if (budget.chars <= 0 && !essential) continue;
    const step = asRecord(specSteps[i]);
    const meta = asRecord(metadata[i]) as StepExecutionMetadata | undefined;
    const key = asString(step?.as) ?? asString(meta?.alias) ?? `step-${i + 1}`;
    const output = outputShown.has(key) ? undefined : asRecord(state?.[key]);
    outputShown.add(key);
    const pullRequest = pullRequestOf(output);
    const commit = commitOf(output);
    const branch = short(asString(output?.branch));
    const errors = meta?.errorCount;
    const view: PromotionStepView = {
      alias: short(key)!,
      uses: short(asString(step?.uses)) ?? null,
      status: statusOf(meta),
      startedAt: asString(meta?.startedAt) ?? null,
      finishedAt: asString(meta?.finishedAt) ?? null,
      message:
        clip(
          asString(meta?.message) ??
            (i === failedAt ? asString(promotion.status?.message) : undefined),
          MAX_MESSAGE,
        ) ?? null,
      ...(typeof errors === 'number' && errors > 0
        ? { errorCount: errors }
        : {}),
      ...(pullRequest ? { pullRequest } : {}),
      ...(commit ? { commit } : {}),
      ...(branch ? { branch } : {}),
      links: linksOf(output, linksLeft),
    };
    // The step it failed at or runs is always shown; the others while the
    // Stage's budget lasts.
    const size = sizeOf(view);
    if (size > budget.chars && !essential) {
      budget.chars = 0;
      continue;
    }
    budget.chars -= size;
    linksLeft -= view.links.length;
    views.push(view);
  }
  return views;
}

/** About the characters a view takes in a Stage's JSON. */
function sizeOf(view: PromotionStepView): number {
  let size =
    120 +
    view.alias.length +
    (view.uses?.length ?? 0) +
    (view.message?.length ?? 0) +
    (view.branch?.length ?? 0) +
    (view.pullRequest?.url.length ?? 0) +
    (view.commit ? view.commit.id.length + (view.commit.url?.length ?? 0) : 0);
  for (const link of view.links) {
    size += 30 + link.url.length + (link.label?.length ?? 0);
  }
  return size;
}

/**
 * The indices of the steps shown: the first {@link MAX_STEP_VIEWS}, and the
 * step the Promotion failed at or runs when it comes later.
 */
function shownSteps(
  count: number,
  failedAt: number,
  currentStep: unknown,
): number[] {
  const shown: number[] = [];
  for (let i = 0; i < Math.min(count, MAX_STEP_VIEWS); i++) shown.push(i);
  const later = [failedAt, typeof currentStep === 'number' ? currentStep : -1]
    .filter(i => Number.isInteger(i) && i >= MAX_STEP_VIEWS && i < count)
    .sort((a, b) => a - b);
  return [...shown, ...new Set(later)];
}

/** Index of the last step recorded Failed, Errored or Aborted, else -1. */
function lastFailed(metadata: StepExecutionMetadata[]) {
  for (let i = metadata.length - 1; i >= 0; i--) {
    if (isUnsuccessfulStepStatus(statusOf(asRecord(metadata[i])))) return i;
  }
  return -1;
}
