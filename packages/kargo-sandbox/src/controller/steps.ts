/**
 * Simulated promotion steps. Git steps talk to the Git fakes the way Kargo's
 * runners talk to GitHub/GitLab (git_pusher.go, git_pr_opener.go,
 * git_pr_waiter.go); every other step succeeds without output.
 */
import { createHash } from 'node:crypto';
import { ControllerContext } from './context';
import { promotionBranch } from './naming';

export interface StepResult {
  status: 'Succeeded' | 'Running' | 'Failed' | 'Errored';
  output?: Record<string, unknown>;
  message?: string;
}

export interface StepInput {
  uses: string;
  alias: string;
  config: Record<string, any>;
  promotion: string;
  stage: string;
  /** The step's previous output (state[alias]), for idempotency. */
  previous?: any;
  /** The repository of the last git-clone before it (git-push's work tree). */
  workTreeURL?: string;
}

/**
 * The commit's web page as Kargo's Git providers build it (akuity/kargo
 * v1.11.2 pkg/gitprovider/{github/github.go,gitlab/gitlab.go,
 * bitbucket/cloud/provider.go} GetCommitURL).
 */
function commitUrlOf(
  ctx: ControllerContext,
  repoURL: string | undefined,
  sha: string,
): string | undefined {
  if (!repoURL) return undefined;
  const repo = ctx.git.ensureRepository(repoURL);
  const paths = { github: 'commit', gitlab: '-/commit', bitbucket: 'commits' };
  return `${repo.repoURL}/${paths[repo.provider]}/${sha}`;
}

const fakeSha = (seed: string) => createHash('sha1').update(seed).digest('hex');

function openPullRequest(ctx: ControllerContext, s: StepInput): StepResult {
  // Kargo >= 1.8 short-circuits when the shared state already records the PR.
  if (s.previous?.pr?.id) return { status: 'Succeeded', output: s.previous };
  const { repoURL, sourceBranch, targetBranch } = s.config;
  if (!repoURL || !sourceBranch || !targetBranch) {
    return {
      status: 'Errored',
      message: 'git-open-pr needs repoURL, sourceBranch and targetBranch',
    };
  }
  const repo = ctx.git.ensureRepository(String(repoURL));
  const write = ctx.git.create(repo, {
    sourceBranch: String(sourceBranch),
    targetBranch: String(targetBranch),
    title: String(s.config.title ?? `kargo: promote to ${s.stage}`),
    description: s.config.description
      ? String(s.config.description)
      : undefined,
    labels: Array.isArray(s.config.labels)
      ? s.config.labels.map(String)
      : undefined,
    author: 'kargo-bot',
  });
  if (write.conflict) {
    // Kargo only adopts an open PR whose head SHA equals the freshly pushed
    // commit; the sandbox's push always makes a new commit, so like Kargo the
    // step fails with the provider's own error.
    const messages = {
      // Kargo's Bitbucket Cloud provider reports only the status
      // (akuity/kargo pkg/gitprovider/bitbucket/cloud/provider.go).
      bitbucket:
        'error creating pull request: unexpected response 400 creating pull request',
      gitlab: `error creating merge request: POST ${repoURL}: 409 {message: [Another open merge request already exists for this source branch: !${write.conflict.number}]}`,
      github: `error creating pull request: POST ${repoURL}: 422 Validation Failed [{Resource:PullRequest Field: Code:custom Message:A pull request already exists for ${
        repo.path.split('/')[0]
      }:${sourceBranch}.}]`,
    };
    const message = messages[repo.provider];
    return { status: 'Errored', message };
  }
  return {
    status: 'Succeeded',
    output: { pr: { id: write.pr.number, url: write.pr.webUrl } },
  };
}

function waitForPullRequest(ctx: ControllerContext, s: StepInput): StepResult {
  const number = Number(s.config.prNumber);
  const pr = ctx.git
    .list(String(s.config.repoURL ?? ''))
    .find(p => p.number === number);
  if (!pr)
    return {
      status: 'Errored',
      message: `pull request ${s.config.prNumber} not found in ${s.config.repoURL}`,
    };
  const out = {
    pr: {
      id: pr.number,
      url: pr.webUrl,
      open: pr.state === 'open',
      merged: pr.state === 'merged',
    },
  };
  if (pr.state === 'merged') {
    return {
      status: 'Succeeded',
      output: { ...out, commit: fakeSha(`merge:${pr.webUrl}`) },
    };
  }
  if (pr.state === 'closed') {
    return {
      status: 'Failed',
      output: out,
      message: `pull request ${number} was closed without being merged`,
    };
  }
  return { status: 'Running', output: out };
}

export function runStep(ctx: ControllerContext, s: StepInput): StepResult {
  switch (s.uses) {
    case 'git-push': {
      const branch = s.config.generateTargetBranch
        ? promotionBranch(s.promotion)
        : String(s.config.targetBranch ?? 'main');
      const commit = fakeSha(`${s.promotion}:${branch}`);
      const commitURL = commitUrlOf(ctx, s.workTreeURL, commit);
      return {
        status: 'Succeeded',
        // git_pusher.go: commitURL only when the provider can tell it.
        output: { branch, commit, ...(commitURL ? { commitURL } : {}) },
      };
    }
    case 'git-commit':
      return {
        status: 'Succeeded',
        output: { commit: fakeSha(`${s.promotion}:commit`) },
      };
    case 'git-open-pr':
      return openPullRequest(ctx, s);
    case 'git-wait-for-pr':
      return waitForPullRequest(ctx, s);
    default:
      return { status: 'Succeeded' };
  }
}
