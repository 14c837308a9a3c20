import { InputError } from '@backstage/errors';
import { normalizeRepoUrl } from '@kargo-backstage/plugin-kargo-common';

/** A repository URL taken apart. @public */
export interface ParsedRepoUrl {
  /** Lower-case host, with the port when there is one. */
  host: string;
  /** `owner/repo`, or `group/subgroup/project` on GitLab. */
  path: string;
  /** First path segment (GitHub owner, GitLab top-level group). */
  owner: string;
  /** Last path segment. */
  name: string;
  /**
   * kargo-common's `normalizeRepoUrl` of the input (`https://<host>/<path>`,
   * no `.git`), so that our PRs join with its attribution.
   */
  url: string;
}

/** The refusal quotes at most 100 characters of what it was given. */
function invalidRepoUrl(repoUrl: string): InputError {
  const quoted = repoUrl.length > 100 ? `${repoUrl.slice(0, 100)}…` : repoUrl;
  return new InputError(
    `Invalid repository URL "${quoted}": expected https://<host>/<owner>/<repository>`,
  );
}

/**
 * Parses `https://host/owner/repo(.git)`, GitLab's `https://host/group/sub/proj`,
 * `ssh://git@host/owner/repo.git` and `git@host:owner/repo.git`. A GitLab URL
 * pointing inside a project (`/-/merge_requests/7`) is cut at `/-/`, after
 * dot segments are resolved.
 *
 * @throws InputError for anything else.
 * @public
 */
export function parseRepoUrl(repoUrl: string): ParsedRepoUrl {
  // Resolved (`..`, `%2e%2e`) before the cut at `/-/`, as every comparison
  // of repositories (normalizeRepoUrl, repoKey) resolves it: cut first,
  // `other/repo/-/../../../stage/repo` passed as the Stage's repository and
  // was then listed (or closed in) as `other/repo`.
  const url = normalizeRepoUrl(
    normalizeRepoUrl(String(repoUrl))?.split('/-/')[0],
  );
  if (!url) {
    throw invalidRepoUrl(String(repoUrl));
  }
  try {
    const parsed = new URL(url);
    const segments = parsed.pathname
      .split('/')
      .filter(s => s.length > 0)
      .map(s => decodeURIComponent(s));
    if (segments.length < 2) throw invalidRepoUrl(String(repoUrl));
    return {
      host: parsed.host,
      path: segments.join('/'),
      owner: segments[0],
      name: segments[segments.length - 1],
      url,
    };
  } catch (error) {
    // A host the URL parser refuses (scp-like `git@a<b:o/r`), a malformed
    // %-escape: the caller's input, never a 500.
    if ((error as Error)?.name === 'InputError') throw error;
    throw invalidRepoUrl(String(repoUrl));
  }
}

/**
 * The repository as a server under a path prefix names it: for a self-hosted
 * GitLab at `https://git.example.com/gitlab`, the repository
 * `https://git.example.com/gitlab/group/project` is the project
 * `group/project`. `url` keeps the full address (attribution joins on it).
 * A path outside the prefix is returned unchanged.
 */
export function withoutPathPrefix(
  repo: ParsedRepoUrl,
  prefix: string,
): ParsedRepoUrl {
  const segments = prefix.split('/').filter(s => s.length > 0);
  const path = repo.path.split('/');
  const under =
    segments.length > 0 &&
    path.length > segments.length + 1 &&
    segments.every((s, i) => s.toLowerCase() === path[i].toLowerCase());
  if (!under) return repo;
  const rest = path.slice(segments.length);
  return { ...repo, path: rest.join('/'), owner: rest[0] };
}
