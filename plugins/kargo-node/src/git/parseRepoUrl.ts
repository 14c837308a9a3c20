import { InputError } from '@backstage/errors';
import { normalizeRepoUrl } from '@kargo-backstage/plugin-kargo-common';

/** A repository URL taken apart. */
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

/**
 * Parses `https://host/owner/repo(.git)`, GitLab's `https://host/group/sub/proj`,
 * `ssh://git@host/owner/repo.git` and `git@host:owner/repo.git`. A GitLab URL
 * pointing inside a project (`/-/merge_requests/7`) is cut at `/-/`.
 *
 * @throws InputError for anything else.
 */
export function parseRepoUrl(repoUrl: string): ParsedRepoUrl {
  const url = normalizeRepoUrl(String(repoUrl).split('/-/')[0]);
  if (!url) {
    throw new InputError(
      `Invalid repository URL "${repoUrl}": expected https://<host>/<owner>/<repository>`,
    );
  }
  const parsed = new URL(url);
  const segments = parsed.pathname.split('/').filter(s => s.length > 0);
  if (segments.length < 2) {
    throw new InputError(
      `Invalid repository URL "${repoUrl}": expected https://<host>/<owner>/<repository>`,
    );
  }
  return {
    host: parsed.host,
    path: segments.map(s => decodeURIComponent(s)).join('/'),
    owner: decodeURIComponent(segments[0]),
    name: decodeURIComponent(segments[segments.length - 1]),
    url,
  };
}
