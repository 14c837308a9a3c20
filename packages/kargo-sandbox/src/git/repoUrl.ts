import { FAKE_PROVIDER_NAMES, FAKE_PROVIDERS } from './providers';
import type { GitProvider } from './types';

/** Host and path of a repository URL, normalised the way lookups compare them. */
export interface ParsedRepoUrl {
  /** Lower-case host (with port when given). */
  host: string;
  /** Path without leading/trailing slashes and `.git`, case kept. */
  path: string;
  /** `https://host/path`. */
  repoURL: string;
}

/**
 * Parses `https://host/a/b(.git)`, `http://...` and scp-like `git@host:a/b.git`
 * (Kargo accepts both forms in `repoURL`). Throws on anything else, so a bad
 * fixture fails loudly at load time.
 */
export function parseRepoUrl(url: string): ParsedRepoUrl {
  const trimmed = url.trim();
  const scp = /^[\w.-]+@([^:/]+):(.+)$/.exec(trimmed);
  let host: string;
  let rawPath: string;
  if (scp) {
    host = scp[1];
    rawPath = scp[2];
  } else {
    let parsed: URL;
    try {
      parsed = new URL(trimmed);
    } catch {
      throw new Error(`Invalid repository URL "${url}"`);
    }
    if (!['http:', 'https:', 'ssh:'].includes(parsed.protocol)) {
      throw new Error(`Unsupported repository URL scheme in "${url}"`);
    }
    host = parsed.host;
    rawPath = decodeURIComponent(parsed.pathname);
  }
  const path = rawPath.replace(/^\/+|\/+$/g, '').replace(/\.git$/, '');
  if (!path.includes('/')) {
    throw new Error(`Repository URL "${url}" has no owner/name path`);
  }
  const lowerHost = host.toLowerCase();
  return { host: lowerHost, path, repoURL: `https://${lowerHost}/${path}` };
}

/** The provider a repository URL most likely belongs to, from its host. */
export function guessProvider(host: string): GitProvider {
  return (
    FAKE_PROVIDER_NAMES.find(p => FAKE_PROVIDERS[p].ownsHost(host)) ?? 'github'
  );
}

/** Lookup key: provider plus case-insensitive path (both providers ignore case). */
export function repoKey(provider: GitProvider, path: string): string {
  return `${provider}:${path.toLowerCase()}`;
}
