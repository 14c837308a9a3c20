import type { ApiRequest, Reply } from './http';
import type { GitPullRequest, GitRepository } from './types';

/**
 * Bitbucket Cloud's REST API 2.0 objects, the fields its documentation lists
 * for `pullrequest` and `repository` that clients read (Kargo's generated
 * client, akuity/kargo pkg/gitprovider/bitbucket/cloud/spec/bitbucket.gen.json).
 */

/** Bitbucket's state names. */
export function bitbucketState(
  pr: GitPullRequest,
): 'OPEN' | 'MERGED' | 'DECLINED' {
  if (pr.state === 'open') return 'OPEN';
  return pr.state === 'merged' ? 'MERGED' : 'DECLINED';
}

/** `{ type: "error", error: { message } }`, Bitbucket's error body. */
export function bitbucketError(status: number, message: string): Reply {
  return { status, body: { type: 'error', error: { message } } };
}

function apiUrl(req: ApiRequest, path: string) {
  return `${req.origin}${req.base}${path}`;
}

function userJson(nickname: string) {
  return {
    type: 'user',
    display_name: nickname,
    nickname,
    uuid: `{${nickname}}`,
  };
}

export function repositoryJson(req: ApiRequest, repo: GitRepository) {
  return {
    type: 'repository',
    full_name: repo.path,
    name: repo.path.split('/')[1],
    uuid: `{repository-${repo.id}}`,
    is_private: true,
    mainbranch: { type: 'branch', name: repo.defaultBranch },
    created_on: repo.createdAt,
    links: {
      self: { href: apiUrl(req, `/repositories/${repo.path}`) },
      html: { href: `https://${repo.host}/${repo.path}` },
    },
  };
}

function endpoint(repo: GitRepository, branch: string, hash?: string) {
  return {
    branch: { name: branch },
    ...(hash ? { commit: { type: 'commit', hash: hash.slice(0, 12) } } : {}),
    repository: {
      type: 'repository',
      full_name: repo.path,
      name: repo.path.split('/')[1],
      uuid: `{repository-${repo.id}}`,
      links: { html: { href: `https://${repo.host}/${repo.path}` } },
    },
  };
}

export function pullRequestJson(
  req: ApiRequest,
  repo: GitRepository,
  pr: GitPullRequest,
) {
  const self = `/repositories/${repo.path}/pullrequests/${pr.number}`;
  const state = bitbucketState(pr);
  return {
    type: 'pullrequest',
    id: pr.number,
    title: pr.title,
    description: pr.description,
    state,
    draft: pr.draft,
    author: userJson(pr.author),
    // Bitbucket sends a short (12 character) hash here, as Kargo notes.
    source: endpoint(pr.headRepo ? { ...repo, path: pr.headRepo } : repo, pr.sourceBranch, pr.headSha),
    destination: endpoint(repo, pr.targetBranch),
    merge_commit:
      state === 'MERGED'
        ? { type: 'commit', hash: pr.headSha.slice(0, 12) }
        : null,
    comment_count: 0,
    task_count: 0,
    close_source_branch: false,
    closed_by: state === 'OPEN' ? null : userJson('kargo-sandbox'),
    reason: '',
    created_on: pr.createdAt,
    updated_on: pr.updatedAt,
    reviewers: [],
    participants: [],
    links: {
      self: { href: apiUrl(req, self) },
      html: { href: pr.webUrl },
      decline: { href: apiUrl(req, `${self}/decline`) },
      merge: { href: apiUrl(req, `${self}/merge`) },
    },
  };
}
