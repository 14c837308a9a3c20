import type { Promotion, Stage } from '../types';
import { asRecord, asString } from '../util/objects';
import { normalizeBranchName } from './branchName';
import { resolveExpression } from './expressions';
import { repoKey, normalizeRepoUrl } from './repoUrl';
import { GitStep, gitStepsOfStage, promotionsOfStage } from './steps';

/**
 * What a pull request opened for a Stage may touch: the repository, head
 * and base its `git-open-pr` step names, as Kargo would resolve them.
 *
 * @public
 */
export interface StagePullRequestTarget {
  repoUrl: string;
  sourceBranch: string;
  targetBranch: string;
  /** The Promotion whose step or recorded state gave the branches. */
  promotion: string | undefined;
}

/** @public */
export interface StagePullRequestTargetInput {
  stage: Stage;
  promotions: Promotion[] | undefined;
  /** A Promotion of the Stage; needed when the head is made per Promotion. */
  promotion?: string;
  /** A repository the caller names instead of (or to pick among) the step's. */
  repoUrl?: string;
  /** Repositories config allows naming although no step of the Stage names them. */
  allowedRepositories?: string[];
}

/** `${{ outputs.push.branch }}` / `${{ outputs['push'].branch }}`. */
const OUTPUT_BRANCH =
  /^\$\{\{\s*outputs(?:\.([A-Za-z0-9_-]+)|\[\s*(['"])([^'"]+)\2\s*\])\.branch\s*\}\}$/;
const PROMOTION_BRANCH_PREFIX = 'kargo/promotion/';

function recordedBranch(
  promotion: Promotion | undefined,
  alias: string,
): string | undefined {
  const state = asRecord(promotion?.status?.state);
  return asString(asRecord(state?.[alias])?.branch);
}

/**
 * A branch config value of `step`, resolved the way Kargo would: vars and
 * ctx, or the output of the git-push step it names (the Promotion's recorded
 * state; else `kargo/promotion/<promotion>` for `generateTargetBranch`, or
 * that step's own `targetBranch`).
 */
function resolveBranch(
  value: unknown,
  step: GitStep,
  steps: GitStep[],
  promotion: Promotion | undefined,
): string | undefined {
  const literal = resolveExpression(value, step.scope);
  if (literal !== undefined) return literal;
  const match = typeof value === 'string' ? OUTPUT_BRANCH.exec(value) : null;
  if (!match) return undefined;
  const alias = match[1] ?? match[3];
  const recorded = recordedBranch(promotion, alias);
  if (recorded) return recorded;
  const push = steps.find(
    s =>
      s.uses === 'git-push' &&
      s.alias === alias &&
      s.promotion === step.promotion,
  );
  if (!push) return undefined;
  if (push.config.generateTargetBranch === true) {
    const name = promotion?.metadata?.name;
    return name ? `${PROMOTION_BRANCH_PREFIX}${name}` : undefined;
  }
  return resolveExpression(push.config.targetBranch, push.scope);
}

function inList(url: string | undefined, list: string[] | undefined): boolean {
  const key = repoKey(url);
  return !!key && (list ?? []).some(allowed => repoKey(allowed) === key);
}

/**
 * The repository, head and base of the pull request the Stage's
 * `git-open-pr` step opens (for `promotion`, from that Promotion's steps and
 * recorded state). Writes derive what they touch from here, never from free
 * input: a head that is not a plain branch of the same repository (a fork's
 * `owner:branch`, another ref namespace) is refused, and a repository no step
 * names is accepted only when `allowedRepositories` lists it.
 *
 * @public
 */
export function pullRequestTargetOfStage(
  input: StagePullRequestTargetInput,
): StagePullRequestTarget | { error: string } {
  const stageName = input.stage?.metadata?.name ?? '';
  const own = promotionsOfStage(input.stage, input.promotions);
  const promotion = input.promotion
    ? own.find(p => p.metadata?.name === input.promotion)
    : undefined;
  if (input.promotion && !promotion) {
    return {
      error: `Promotion ${input.promotion} is not a Promotion of Stage ${stageName}`,
    };
  }
  const steps = gitStepsOfStage(input.stage, promotion ? [promotion] : []);
  const ofPromotion = steps.filter(
    s => s.uses === 'git-open-pr' && s.promotion === input.promotion,
  );
  const openSteps = ofPromotion.length
    ? ofPromotion
    : steps.filter(s => s.uses === 'git-open-pr' && s.promotion === null);
  const requested = input.repoUrl ? normalizeRepoUrl(input.repoUrl) : undefined;
  if (input.repoUrl && !requested) {
    return { error: `Invalid repository URL ${input.repoUrl}` };
  }
  const matching = requested
    ? openSteps.filter(
        s => !s.repoUrl || repoKey(s.repoUrl) === repoKey(requested),
      )
    : openSteps;
  // A repository no step names: only one config lists, for the Stage's only step.
  const free =
    !matching.length &&
    openSteps.length === 1 &&
    inList(requested, input.allowedRepositories);
  const candidates = free ? openSteps : matching;
  if (candidates.length === 0) {
    return {
      error: openSteps.length
        ? `No git-open-pr step of Stage ${stageName} opens pull requests in ${requested}, and kargo.pullRequests.allowedRepositories does not list it`
        : `Stage ${stageName} has no git-open-pr step: Kargo opens no pull request for it`,
    };
  }
  if (candidates.length > 1) {
    return {
      error: `Stage ${stageName} has several git-open-pr steps: name the repository`,
    };
  }
  const [step] = candidates;
  const repoUrl = free ? requested : step.repoUrl ?? requested;
  if (!repoUrl) {
    return {
      error: `The repository of Stage ${stageName}'s git-open-pr step is only known while a Promotion runs: name it, and list it in kargo.pullRequests.allowedRepositories`,
    };
  }
  if (!step.repoUrl && !inList(repoUrl, input.allowedRepositories)) {
    return {
      error: `Repository ${repoUrl} is not named by Stage ${stageName} and not listed in kargo.pullRequests.allowedRepositories`,
    };
  }
  const head = resolveBranch(step.config.sourceBranch, step, steps, promotion);
  const base = resolveBranch(step.config.targetBranch, step, steps, promotion);
  if (head === undefined || base === undefined) {
    return {
      error: `The branches of Stage ${stageName}'s git-open-pr step are only known for a Promotion: name the Promotion`,
    };
  }
  const sourceBranch = normalizeBranchName(head);
  const targetBranch = normalizeBranchName(base);
  if (!sourceBranch || !targetBranch) {
    return {
      error: `Stage ${stageName}'s git-open-pr step names ${
        sourceBranch ? base : head
      }, which is not a branch of ${repoUrl} (fork heads and other refs are refused)`,
    };
  }
  if (sourceBranch === targetBranch) {
    return { error: `Source and target branch are both ${sourceBranch}` };
  }
  return { repoUrl, sourceBranch, targetBranch, promotion: input.promotion };
}
