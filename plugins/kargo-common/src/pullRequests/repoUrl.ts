const SCP_LIKE = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/;
const SCHEMES = new Set([
  'http:',
  'https:',
  'ssh:',
  'git:',
  'git+ssh:',
  'ssh+git:',
]);

const MEMO_LIMIT = 5000;
const MEMO_MAX_LENGTH = 2048;
const memo = new Map<string, string | undefined>();

function cleanPath(path: string): string | undefined {
  const segments = path
    .replace(/[?#].*$/, '')
    .split('/')
    .filter(s => s !== '');
  if (segments.length < 2) return undefined;
  const last = segments.length - 1;
  segments[last] = segments[last].replace(/\.git$/i, '');
  if (!segments[last]) return undefined;
  return segments.join('/');
}

/**
 * A repository URL in one canonical form, `https://<host>/<path>`, so that the
 * URL of a promotion step, of a recorded PR and of a Git provider compare
 * equal: SSH (`ssh://git@host/o/r.git`) and scp-like (`git@host:o/r.git`)
 * forms become https, the host is lower-cased, credentials, SSH ports,
 * `.git`, queries and trailing slashes go. `http://` stays http (and keeps
 * its port), for self-hosted servers. GitLab subgroups keep their whole
 * path. Undefined for anything that is not a repository URL, including
 * unresolved `${{ }}` expressions.
 *
 * @public
 */
export function normalizeRepoUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  // A gathering normalises the same few hundred URLs tens of thousands of
  // times; the function is pure, so remember the answers (boundedly).
  if (memo.has(url)) return memo.get(url);
  const result = normalize(url);
  if (url.length > MEMO_MAX_LENGTH) return result; // keeps the memo small
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(url, result);
  return result;
}

/**
 * `host.tld/...`: a dot inside the text before the first slash. Not the
 * regex `^[^/]+\.[^/]+\/`, which backtracks quadratically on a long run of
 * dots without a slash (an unsigned webhook's payload may be megabytes).
 */
function looksLikeHostAndPath(text: string): boolean {
  const slash = text.indexOf('/');
  return slash > 0 && text.slice(1, slash - 1).includes('.');
}

function normalize(url: string): string | undefined {
  const text = url.trim();
  if (!text || /\s|\$\{\{/.test(text)) return undefined;

  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    // scp-like syntax has no port: `git@host:22/x` is the path `22/x`, as git reads it.
    const scp = SCP_LIKE.exec(text);
    if (scp) {
      const path = cleanPath(scp[2]);
      return path && `https://${scp[1].toLowerCase()}/${path}`;
    }
    // `github.com/o/r`: Kargo's Git client accepts a URL without scheme.
    return looksLikeHostAndPath(text) ? normalize(`https://${text}`) : undefined;
  }

  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return undefined;
  }
  if (!SCHEMES.has(parsed.protocol) || !parsed.hostname) return undefined;
  const path = cleanPath(parsed.pathname);
  if (!path) return undefined;
  const http = parsed.protocol === 'http:';
  const port = http || parsed.protocol === 'https:' ? parsed.port : '';
  const host = parsed.hostname.toLowerCase() + (port ? `:${port}` : '');
  return `${http ? 'http' : 'https'}://${host}/${path}`;
}

/** A key to compare normalised repository URLs (hosts ignore case, and so do GitHub paths). */
export function repoKey(url: string | undefined): string | undefined {
  return normalizeRepoUrl(url)?.toLowerCase();
}

/**
 * The web paths of a PR/MR of every provider Kargo's git-open-pr speaks
 * (akuity/kargo pkg/gitprovider/*: the `url` its output records): GitHub
 * `/pull/<n>`, GitLab `/-/merge_requests/<n>` (also without `/-`), Bitbucket
 * `/pull-requests/<n>`, Gitea `/pulls/<n>`, Azure DevOps `/pullrequest/<n>`.
 * One pattern, so a provider added behind kargo-node's GitProvider needs no
 * change here.
 */
const PULL_REQUEST_PATH =
  /^(.*?)(?:\/-)?\/(?:pull|pulls|pull-requests|merge_requests|pullrequest)\/(\d+)\/?$/;

/**
 * The repository and number of a pull/merge request from its web URL, for
 * the providers of PULL_REQUEST_PATH.
 *
 * @public
 */
export function parsePullRequestUrl(
  url: unknown,
): { repoUrl: string; number: number } | undefined {
  if (typeof url !== 'string') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  const match = PULL_REQUEST_PATH.exec(parsed.pathname);
  if (!match) return undefined;
  const repoUrl = normalizeRepoUrl(
    `${parsed.protocol}//${parsed.host}${match[1]}`,
  );
  return repoUrl ? { repoUrl, number: Number(match[2]) } : undefined;
}
