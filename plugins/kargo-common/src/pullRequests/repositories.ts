import type { Promotion, Stage } from '../types';
import { recordedPullRequests, type RecordedPullRequest } from './recorded';
import { repoKey } from './repoUrl';
import { GitStep, gitStepsOfStage } from './steps';

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
  return repositoriesFromSteps(
    stage,
    promotions,
    gitStepsOfStage(stage, promotions),
  );
}

/**
 * repositoriesOfStage with the Stage's Git steps already walked
 * (gitStepsOfStage).
 *
 * @public
 */
export function repositoriesFromSteps(
  stage: Stage,
  promotions: Promotion[] | undefined,
  steps: GitStep[],
): string[] {
  return repositoriesOf(steps, recordedPullRequests(stage, promotions, steps));
}

/** The repositories of a Stage's walked Git steps and recorded pull requests. */
export function repositoriesOf(
  steps: GitStep[],
  recorded: RecordedPullRequest[],
): string[] {
  const urls = [
    ...steps.map(s => s.repoUrl),
    ...recorded.map(r => r.repoUrl),
  ];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const url of urls) {
    const key = repoKey(url);
    if (url && key && !seen.has(key)) {
      seen.add(key);
      result.push(url);
    }
  }
  return result;
}
