const SCP_LIKE = /^(?:[^@/\s]+@)?([^:/\s]+):(?!\/)(.+)$/;
const SCHEMES = new Set([
  'http:',
  'https:',
  'ssh:',
  'git:',
  'git+ssh:',
  'ssh+git:',
]);

/**
 * No repository URL is longer (browsers and Git servers stop near 2 KB): a
 * longer string (an unsigned webhook's payload may carry megabytes) is
 * answered at once, before any parsing.
 */
const MAX_REPO_URL_LENGTH = 2048;

/**
 * An https repository URL that the URL parser would give back as it is but
 * for a `.git` and a trailing slash: a lower-case host name (no port, no
 * credentials, no IP address: its last label starts with a letter) and at
 * least two path segments of unreserved characters, none `.` or `..`.
 */
const CANONICAL_HTTPS =
  /^https:\/\/((?:[a-z0-9-]+\.)*[a-z][a-z0-9-]*)((?:\/[\w~-][\w.~-]*)+\/[\w~-][\w.~-]*?)(\.[gG][iI][tT])?\/?$/;

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
 * unresolved `${{ }}` expressions and anything longer than
 * 2048 characters.
 *
 * @public
 */
export function normalizeRepoUrl(url: unknown): string | undefined {
  if (typeof url !== 'string' || url.length > MAX_REPO_URL_LENGTH) {
    return undefined;
  }
  return canonicalHttps(url) ?? normalize(url);
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

/**
 * A gathering normalises the same few hundred URLs tens of thousands of
 * times, nearly all of them https: those are answered without the URL
 * parser (~2.5 µs each), by the URL itself or a slice of it (so the answer
 * is held with the Stage that names it, not once per call). Anything else
 * (or a host name the parser would map: punycode) is left to `normalize`;
 * same answers (repoUrl.test.ts compares them).
 */
export function canonicalHttps(url: string): string | undefined {
  const match = CANONICAL_HTTPS.exec(url);
  if (!match || match[1].includes('xn--')) return undefined;
  const length = 'https://'.length + match[1].length + match[2].length;
  return length === url.length ? url : url.slice(0, length);
}

/** {@link normalizeRepoUrl} by the URL parser (exported for its tests). */
export function normalize(url: string): string | undefined {
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
    return looksLikeHostAndPath(text)
      ? normalize(`https://${text}`)
      : undefined;
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
