import { FAKE_PROVIDERS } from './providers';
import type {
  GitPullRequest,
  GitPullRequestState,
  GitRepository,
} from './types';

/** Browser URL of a PR/MR, as each provider builds it. */
export function webUrlOf(repo: GitRepository, number: number): string {
  const path = FAKE_PROVIDERS[repo.provider].webPath;
  return `https://${repo.host}/${repo.path}/${path}/${number}`;
}

/** What differs between PR/MR records; the rest is derived. */
export interface PullRequestSeed {
  id: number;
  number: number;
  title: string;
  description?: string;
  state: GitPullRequestState;
  sourceBranch: string;
  targetBranch: string;
  headSha: string;
  author: string;
  draft?: boolean;
  labels?: string[];
  /** Creation time; a fixture's closed/merged PR is taken as closed then too. */
  at: string;
  /** A fork's `owner/name`, for a PR from a fork. */
  headRepo?: string;
}

export function buildPullRequest(
  repo: GitRepository,
  seed: PullRequestSeed,
): GitPullRequest {
  // Fields are listed one by one so stray fixture keys never reach the API.
  const at = seed.at;
  return {
    provider: repo.provider,
    repoURL: repo.repoURL,
    id: seed.id,
    number: seed.number,
    title: seed.title,
    description: seed.description ?? '',
    state: seed.state,
    sourceBranch: seed.sourceBranch,
    targetBranch: seed.targetBranch,
    headSha: seed.headSha,
    author: seed.author,
    draft: seed.draft ?? false,
    labels: seed.labels ?? [],
    createdAt: at,
    updatedAt: at,
    closedAt: seed.state === 'open' ? null : at,
    mergedAt: seed.state === 'merged' ? at : null,
    webUrl: webUrlOf(repo, seed.number),
    headRepo: seed.headRepo ?? null,
  };
}
