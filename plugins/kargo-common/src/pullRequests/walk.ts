import type { Promotion, Stage } from '../types';
import { recordedByOwn, type RecordedPullRequest } from './recorded';
import { repositoriesOf } from './repositories';
import { currentStepOf, shownPromotionsOf } from '../promotion/steps';
import { type GitStep, gitStepsOfOwn, promotionsOfStage } from './steps';

/**
 * What the pull-request parts of a Stage's detail need of its Kargo objects,
 * walked once per build and shared by every part (attribution, repositories,
 * the Promotion timeline) instead of each selecting the Promotions and
 * walking their steps again.
 */
export interface StageWalk {
  /** The Stage's Promotions, newest first (promotionsOfStage). */
  promotions: Promotion[];
  gitSteps: GitStep[];
  /** The pull requests its Promotions recorded. */
  recorded: RecordedPullRequest[];
  /** The repositories whose pull requests may belong to it (repositoriesOf). */
  repositories: string[];
}

/** The walk of a Stage over its own Promotions, already selected (promotionsOfStage). */
export function walkOwn(stage: Stage, own: Promotion[]): StageWalk {
  // Only the shown ones: the others still count by their
  // `kargo/promotion/<name>` branch.
  const walked = shownPromotionsOf(own);
  // The running Promotion's Git steps are read before the others' (the
  // Stage's budget of Git steps, steps.ts, may not reach old ones).
  const running = walked.filter(p => currentStepOf(p) !== null);
  const gitSteps = gitStepsOfOwn(
    stage,
    running.length > 0
      ? [...running, ...walked.filter(p => currentStepOf(p) === null)]
      : walked,
  );
  const recorded = recordedByOwn(walked, gitSteps);
  return {
    promotions: own,
    gitSteps,
    recorded,
    repositories: repositoriesOf(gitSteps, recorded),
  };
}

/** The walk of a Stage, given its project's Promotions (others are ignored). */
export function walkStage(
  stage: Stage,
  promotions: Promotion[] | undefined,
): StageWalk {
  return walkOwn(stage, promotionsOfStage(stage, promotions));
}

/**
 * The repositories whose pull requests may belong to the Stage, normalised
 * (see normalizeRepoUrl), each once: the `repoURL` of the git-clone, git-push,
 * git-open-pr and git-wait-for-pr steps of its promotion template and of its
 * Promotions (literals, and `${{ vars.x }}` / `${{ vars['x'] }}` /
 * `${{ ctx.* }}` resolved: step vars over template/Promotion vars over Stage
 * vars), plus the repositories of PR URLs its Promotions recorded. Values
 * that depend on anything only known at run time are skipped.
 *
 * @public
 */
export function repositoriesOfStage(
  stage: Stage,
  promotions: Promotion[] = [],
): string[] {
  return walkStage(stage, promotions).repositories;
}
