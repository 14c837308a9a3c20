import type { Promotion, PromotionStep, Stage } from '../types';
import { asArray, asRecord } from '../util/objects';
import { toMillis } from '../util/time';
import {
  ExpressionScope,
  layerOver,
  layerVars,
  resolveExpression,
} from './expressions';
import { normalizeRepoUrl } from './repoUrl';

/** Steps that name a Git repository in `config.repoURL`. */
const GIT_STEPS = ['git-clone', 'git-push', 'git-open-pr', 'git-wait-for-pr'];

/**
 * Git steps read per step list (the template's, each Promotion's): a
 * template is whatever a project member wrote and every Promotion copies it;
 * thousands of Git steps in each of a Stage's Promotions cost the backend
 * seconds per rebuild of that Stage. No real template comes near.
 */
const MAX_GIT_STEPS = 200;
/**
 * Git steps read per Stage: its template's, then its Promotions', newest
 * first. The watch holds a template's step list once however many
 * Promotions copy it, and a project member may script thousands of
 * Promotions (Kargo keeps them two weeks): 200 Git steps in each of 8,000
 * cost the backend seconds per rebuild of that Stage. An older Promotion
 * past the budget counts for nothing of the Stage's pull requests.
 */
const MAX_GIT_STEPS_PER_STAGE = 2_000;

/**
 * A Git step of a Stage's promotion template or of one of its Promotions.
 *
 * @public
 */
export interface GitStep {
  uses: string;
  /** The key of its outputs in `Promotion.status.state`. */
  alias: string;
  config: Record<string, unknown>;
  scope: ExpressionScope;
  /** Name of the Promotion it belongs to; null for the Stage's template. */
  promotion: string | null;
  /** The normalised repository, when `repoURL` resolves. */
  repoUrl: string | undefined;
}

/**
 * The Stage's Promotions, newest first. A Promotion belongs to the Stage when
 * its `spec.stage` names it; one without `spec.stage` when its name has the
 * `<stage>.` prefix Kargo gives Promotion names (a prefix alone could also
 * match a Stage named `<stage>.x`, so `spec.stage` wins when present).
 *
 * @public
 */
export function promotionsOfStage(
  stage: Stage,
  promotions: Promotion[] | undefined,
): Promotion[] {
  return newestPromotionsFirst(ownPromotionsOf(stage, promotions));
}

/** The Stage's Promotions (see `promotionsOfStage`) in the list's order. */
export function ownPromotionsOf(
  stage: Stage,
  promotions: Promotion[] | undefined,
): Promotion[] {
  const name = stage?.metadata?.name;
  const namespace = stage?.metadata?.namespace;
  if (!name) return [];
  return asArray(promotions).filter(p => {
    if (!p?.metadata?.name) return false;
    if (namespace && p.metadata.namespace && p.metadata.namespace !== namespace)
      return false;
    const target = p.spec?.stage;
    return target ? target === name : p.metadata.name.startsWith(`${name}.`);
  });
}

/** A named Promotion with its creation time, read once. */
interface Timed {
  at: number;
  name: string;
  promotion: Promotion;
}

/**
 * Newest first: by creation time, then by name (a ULID after the Stage
 * name: later sorts higher); equal names (duplicates) keep their order, so
 * sorting again changes nothing. Each time is parsed once, not twice per
 * comparison: a project member names their Promotions so that the list is
 * in no order of time, and 20,000 of them parsed 519,599 times per build
 * (issue 35, attack 18).
 */
export function newestPromotionsFirst(own: Promotion[]): Promotion[] {
  const timed: Timed[] = own.map(promotion => ({
    at: toMillis(promotion.metadata?.creationTimestamp) ?? 0,
    name: promotion.metadata!.name!,
    promotion,
  }));
  timed.sort((a, b) => {
    if (a.at !== b.at) return b.at - a.at;
    if (a.name === b.name) return 0;
    return a.name < b.name ? 1 : -1;
  });
  return timed.map(t => t.promotion);
}

function gitSteps(
  steps: PromotionStep[] | undefined,
  /** The vars below the steps', layered when a Git step first needs them. */
  baseVars: () => Record<string, string>,
  ctx: ExpressionScope['ctx'],
  promotion: string | null,
  max: number,
): GitStep[] {
  const result: GitStep[] = [];
  // git-push names no repository: it pushes the working tree of the last
  // git-clone before it.
  let clonedRepo: string | undefined;
  const list = asArray(steps);
  for (let index = 0; index < list.length; index++) {
    if (result.length >= Math.min(max, MAX_GIT_STEPS)) break;
    const step = list[index];
    const config = asRecord(step?.config);
    if (!step?.uses || !GIT_STEPS.includes(step.uses) || !config) continue;
    // A step's own vars over the layer below, never a copy of it per step.
    const scope: ExpressionScope = {
      vars: layerOver(baseVars(), step.vars),
      ctx,
    };
    let repoUrl = normalizeRepoUrl(resolveExpression(config.repoURL, scope));
    if (step.uses === 'git-clone') clonedRepo = repoUrl;
    if (step.uses === 'git-push' && config.repoURL === undefined) {
      repoUrl = clonedRepo;
    }
    result.push({
      uses: step.uses,
      alias: step.as || `step-${index + 1}`,
      config,
      scope,
      promotion,
      repoUrl,
    });
  }
  return result;
}

/**
 * The Git steps of the Stage's promotion template and of its Promotions,
 * with the vars each step sees: the Stage's vars, overridden by the
 * template's (or the Promotion's, which Kargo copied from the template when
 * it created it), overridden by the step's own.
 *
 * @public
 */
export function gitStepsOfStage(
  stage: Stage,
  promotions: Promotion[] | undefined,
): GitStep[] {
  return gitStepsOfOwn(stage, promotionsOfStage(stage, promotions));
}

/** gitStepsOfStage over the Stage's own Promotions, already selected (promotionsOfStage). */
export function gitStepsOfOwn(stage: Stage, own: Promotion[]): GitStep[] {
  const project = stage?.metadata?.namespace;
  const stageName = stage?.metadata?.name;
  const template = stage?.spec?.promotionTemplate?.spec;
  // The Stage's vars read once, not once per Promotion, and only when a Git
  // step needs them: a Stage without one reads none (50,000 vars were read
  // on every build, issue 35, attack 14).
  let stageVars: Record<string, string> | undefined;
  const stageVarsOf = () => (stageVars ??= layerVars(stage?.spec?.vars));
  let templateVars: Record<string, string> | undefined;
  const steps = gitSteps(
    template?.steps,
    () => (templateVars ??= layerOver(stageVarsOf(), template?.vars)),
    { project, stage: stageName },
    null,
    MAX_GIT_STEPS_PER_STAGE,
  );
  for (const promotion of own) {
    const left = MAX_GIT_STEPS_PER_STAGE - steps.length;
    if (left <= 0) break;
    const name = promotion.metadata!.name!;
    let promotionVars: Record<string, string> | undefined;
    steps.push(
      ...gitSteps(
        promotion.spec?.steps,
        () =>
          (promotionVars ??= layerOver(stageVarsOf(), promotion.spec?.vars)),
        { project, stage: stageName, promotion: name },
        name,
        left,
      ),
    );
  }
  return steps;
}
