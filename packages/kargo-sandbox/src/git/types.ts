/** Which fake provider answers for a repository. @public */
export type GitProvider = 'github' | 'gitlab' | 'bitbucket';

/** Provider-neutral state; GitHub renders `merged` as `closed` + `merged: true`. @public */
export type GitPullRequestState = 'open' | 'closed' | 'merged';

/**
 * A Git-provider object as the fixture loader reads it from YAML.
 * `number` is the PR number on GitHub and the MR iid on GitLab.
 *
 * @public
 */
export interface GitFixtureDocument {
  apiVersion: 'sandbox/v1';
  kind: 'GitHubPullRequest' | 'GitLabMergeRequest' | 'BitbucketPullRequest';
  metadata: { name: string };
  spec: {
    repoURL: string;
    number: number;
    title: string;
    state: GitPullRequestState;
    sourceBranch: string;
    targetBranch: string;
    headSha: string;
    author: string;
    createdAt: string;
    description?: string;
    /** A fork's `owner/name` its source branch lives in (absent: this repository). */
    headRepo?: string;
  };
}

/** A repository (GitHub) or project (GitLab) the fake knows. @public */
export interface GitRepository {
  provider: GitProvider;
  /** Normalised `https://host/path`. */
  repoURL: string;
  host: string;
  /** `owner/repo` on GitHub, the full project path on GitLab. */
  path: string;
  /** Numeric id: GitHub repository id, GitLab project id. */
  id: number;
  defaultBranch: string;
  createdAt: string;
}

/** A stored pull/merge request (a copy; mutate through the store). @public */
export interface GitPullRequest {
  provider: GitProvider;
  repoURL: string;
  /** Provider-global id (GitHub `id`, GitLab `id`); `number` is per repository. */
  id: number;
  number: number;
  title: string;
  description: string;
  state: GitPullRequestState;
  sourceBranch: string;
  targetBranch: string;
  headSha: string;
  author: string;
  draft: boolean;
  labels: string[];
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
  /** Browser URL: `https://github.com/o/r/pull/n` or `https://host/p/-/merge_requests/n`. */
  webUrl: string;
  /** The fork (`owner/name`) its source branch lives in; null: this repository. */
  headRepo: string | null;
}

/** Input of {@link GitFakeStore.openPullRequest}. @public */
export interface OpenPullRequestInput {
  repoURL: string;
  sourceBranch: string;
  targetBranch: string;
  title: string;
  description?: string;
  author?: string;
  labels?: string[];
  draft?: boolean;
}

/** Result of {@link GitFakeStore.openPullRequest}. @public */
export interface OpenPullRequestResult {
  provider: GitProvider;
  number: number;
  url: string;
  /** True when an open PR/MR for the same source and target already existed. */
  reclaimed: boolean;
}

/**
 * A canned answer replacing the next matching requests (rate limits, 502s).
 * Without `body`, the provider's own body for that status is sent.
 *
 * @public
 */
export interface GitFault {
  provider: GitProvider;
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** How many requests it answers; every matching request until cleared when omitted. */
  times?: number;
  /** Only requests with this method (upper case). */
  method?: string;
  /** Only requests whose path (after the API base) matches. */
  path?: RegExp;
}

/** One request the fake answered, for counting (benchmarks, tests). @public */
export interface GitRequestRecord {
  provider: GitProvider;
  method: string;
  /** Route template, e.g. `GET /repos/{owner}/{repo}/pulls`; `unknown` when none matched. */
  route: string;
  status: number;
}

/** GitHub's primary rate limit as the fake keeps it (one token, one bucket). @public */
export interface GitHubRateLimitState {
  limit: number;
  used: number;
  /** Epoch seconds. */
  reset: number;
  windowSeconds: number;
}
