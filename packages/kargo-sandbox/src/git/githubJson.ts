import type { ApiRequest } from './http';
import type { GitPullRequest, GitRepository } from './types';

/** GitHub's documentation links, as its error bodies carry them. */
export const GITHUB_DOCS = {
  rest: 'https://docs.github.com/rest',
  getRepo: 'https://docs.github.com/rest/repos/repos#get-a-repository',
  createPull: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
  rateLimit:
    'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-the-primary-rate-limit',
  secondary:
    'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
};

/** GitHub's error body: `{message, documentation_url, status}` (status as a string). */
export function githubError(
  status: number,
  message: string,
  docs = GITHUB_DOCS.rest,
) {
  return { message, documentation_url: docs, status: String(status) };
}

function apiBase(req: ApiRequest) {
  return `${req.origin}${req.base}`;
}

function userJson(req: ApiRequest, login: string) {
  return {
    login,
    id: idOf(login),
    type: login.endsWith('[bot]') ? 'Bot' : 'User',
    url: `${apiBase(req)}/users/${login}`,
    html_url: `https://github.com/${login}`,
  };
}

/** Stable pseudo id for a login, so the same author always has the same id. */
function idOf(text: string): number {
  let hash = 7;
  for (const ch of text) hash = (hash * 31 + ch.charCodeAt(0)) % 1_000_000_007;
  return hash;
}

export function repoJson(req: ApiRequest, repo: GitRepository) {
  const [owner, name] = repo.path.split('/');
  const url = `${apiBase(req)}/repos/${repo.path}`;
  return {
    id: repo.id,
    node_id: Buffer.from(`Repository${repo.id}`).toString('base64'),
    name,
    full_name: repo.path,
    private: false,
    owner: { ...userJson(req, owner), type: 'Organization' },
    html_url: `https://${repo.host}/${repo.path}`,
    description: null,
    fork: false,
    url,
    pulls_url: `${url}/pulls{/number}`,
    clone_url: `https://${repo.host}/${repo.path}.git`,
    default_branch: repo.defaultBranch,
    visibility: 'public',
    archived: false,
    disabled: false,
    created_at: repo.createdAt,
    updated_at: repo.createdAt,
    pushed_at: repo.createdAt,
    permissions: {
      admin: false,
      maintain: false,
      push: true,
      triage: true,
      pull: true,
    },
  };
}

/**
 * A pull request as GitHub renders it. `merged`, `mergeable` and friends only
 * appear on the single-PR endpoint, as on GitHub.
 */
export function pullJson(
  req: ApiRequest,
  repo: GitRepository,
  pr: GitPullRequest,
  detail: boolean,
) {
  const owner = repo.path.split('/')[0];
  const url = `${apiBase(req)}/repos/${repo.path}/pulls/${pr.number}`;
  const repository = repoJson(req, repo);
  // A fork's PR: GitHub's head is the fork (`fork: true`, its own owner).
  const head = pr.headRepo
    ? { ...repoJson(req, { ...repo, path: pr.headRepo, id: idOf(pr.headRepo) }), fork: true }
    : repository;
  const json: Record<string, unknown> = {
    url,
    id: pr.id,
    node_id: Buffer.from(`PullRequest${pr.id}`).toString('base64'),
    html_url: pr.webUrl,
    diff_url: `${pr.webUrl}.diff`,
    patch_url: `${pr.webUrl}.patch`,
    issue_url: `${apiBase(req)}/repos/${repo.path}/issues/${pr.number}`,
    number: pr.number,
    state: pr.state === 'open' ? 'open' : 'closed',
    locked: false,
    title: pr.title,
    user: userJson(req, pr.author),
    body: pr.description || null,
    labels: pr.labels.map((name, i) => ({ id: idOf(name) + i, name })),
    created_at: pr.createdAt,
    updated_at: pr.updatedAt,
    closed_at: pr.closedAt,
    merged_at: pr.mergedAt,
    merge_commit_sha: pr.mergedAt ? pr.headSha : null,
    draft: pr.draft,
    head: {
      label: `${head.owner.login}:${pr.sourceBranch}`,
      ref: pr.sourceBranch,
      sha: pr.headSha,
      user: head.owner,
      repo: head,
    },
    base: {
      label: `${owner}:${pr.targetBranch}`,
      ref: pr.targetBranch,
      sha: '0000000000000000000000000000000000000000',
      user: repository.owner,
      repo: repository,
    },
    author_association: 'MEMBER',
  };
  if (detail) {
    Object.assign(json, {
      merged: pr.state === 'merged',
      mergeable: pr.state === 'open' ? true : null,
      mergeable_state: pr.state === 'open' ? 'clean' : 'unknown',
      merged_by: pr.state === 'merged' ? userJson(req, 'kargo-sandbox') : null,
      comments: 0,
      commits: 1,
      additions: 1,
      deletions: 1,
      changed_files: 1,
    });
  }
  return json;
}
