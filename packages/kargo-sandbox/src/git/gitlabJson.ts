import type { GitPullRequest, GitRepository } from './types';

/** GitLab renders times with milliseconds. */
const time = (t: string | null) => (t ? new Date(t).toISOString() : null);

/** Stable pseudo id for a username, so an author keeps one id. */
function idOf(text: string): number {
  let hash = 11;
  for (const ch of text) hash = (hash * 31 + ch.charCodeAt(0)) % 1_000_003;
  return hash;
}

function userJson(repo: GitRepository, username: string) {
  return {
    id: idOf(username),
    username,
    name: username,
    state: 'active',
    locked: false,
    avatar_url: null,
    web_url: `https://${repo.host}/${username}`,
  };
}

/** GitLab's MR state: locked is not modelled, merged stays merged. */
export function gitlabState(
  pr: GitPullRequest,
): 'opened' | 'closed' | 'merged' {
  return pr.state === 'open' ? 'opened' : pr.state;
}

export function projectJson(repo: GitRepository) {
  const segments = repo.path.split('/');
  const name = segments[segments.length - 1];
  const namespacePath = segments.slice(0, -1).join('/');
  return {
    id: repo.id,
    description: null,
    name,
    name_with_namespace: segments.join(' / '),
    path: name,
    path_with_namespace: repo.path,
    created_at: time(repo.createdAt),
    default_branch: repo.defaultBranch,
    tag_list: [],
    topics: [],
    ssh_url_to_repo: `git@${repo.host}:${repo.path}.git`,
    http_url_to_repo: `https://${repo.host}/${repo.path}.git`,
    web_url: `https://${repo.host}/${repo.path}`,
    visibility: 'private',
    archived: false,
    last_activity_at: time(repo.createdAt),
    namespace: {
      id: idOf(namespacePath),
      name: segments[segments.length - 2],
      path: segments[segments.length - 2],
      kind: 'group',
      full_path: namespacePath,
      parent_id: null,
      web_url: `https://${repo.host}/groups/${namespacePath}`,
    },
    merge_requests_enabled: true,
    merge_method: 'merge',
  };
}

/** A merge request as GitLab's v4 API renders it (list and single share the shape). */
export function mergeRequestJson(repo: GitRepository, pr: GitPullRequest) {
  const state = gitlabState(pr);
  return {
    id: pr.id,
    iid: pr.number,
    project_id: repo.id,
    title: pr.title,
    description: pr.description,
    state,
    created_at: time(pr.createdAt),
    updated_at: time(pr.updatedAt),
    merged_by: state === 'merged' ? userJson(repo, 'kargo-sandbox') : null,
    merge_user: state === 'merged' ? userJson(repo, 'kargo-sandbox') : null,
    merged_at: time(pr.mergedAt),
    closed_by: state === 'closed' ? userJson(repo, pr.author) : null,
    closed_at: state === 'closed' ? time(pr.closedAt) : null,
    target_branch: pr.targetBranch,
    source_branch: pr.sourceBranch,
    user_notes_count: 0,
    upvotes: 0,
    downvotes: 0,
    author: userJson(repo, pr.author),
    assignees: [],
    assignee: null,
    reviewers: [],
    // A fork is another project (GitLab ids are global): never the target's id.
    source_project_id: pr.headRepo ? 1_000_000 + repo.id : repo.id,
    target_project_id: repo.id,
    labels: pr.labels,
    draft: pr.draft,
    work_in_progress: pr.draft,
    milestone: null,
    merge_when_pipeline_succeeds: false,
    merge_status: state === 'opened' ? 'can_be_merged' : 'unchecked',
    detailed_merge_status: state === 'opened' ? 'mergeable' : 'not_open',
    sha: pr.headSha,
    merge_commit_sha: state === 'merged' ? pr.headSha : null,
    squash_commit_sha: null,
    discussion_locked: null,
    should_remove_source_branch: null,
    force_remove_source_branch: false,
    reference: `!${pr.number}`,
    references: {
      short: `!${pr.number}`,
      relative: `!${pr.number}`,
      full: `${repo.path}!${pr.number}`,
    },
    web_url: pr.webUrl,
    time_stats: {
      time_estimate: 0,
      total_time_spent: 0,
      human_time_estimate: null,
      human_total_time_spent: null,
    },
    squash: false,
    task_completion_status: { count: 0, completed_count: 0 },
    has_conflicts: false,
    blocking_discussions_resolved: true,
  };
}
