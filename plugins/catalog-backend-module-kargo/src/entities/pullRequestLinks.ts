import type { EntityLink } from '@backstage/catalog-model';
import {
  MAX_OPEN_PULL_REQUEST_URLS,
  pullRequestReference,
} from '@kargo-backstage/plugin-kargo-common';

/**
 * A link for a pull/merge request URL, titled `Pull request owner/repo#42`
 * for GitHub's `/pull/42` and `Merge request group/repo!7` for GitLab's
 * `/-/merge_requests/7`; any other URL is titled with itself.
 */
export function pullRequestLink(url: string): EntityLink {
  const path = new URL(url).pathname;
  const github = /^\/(.+)\/pull\/(\d+)\/?$/.exec(path);
  if (github) {
    return {
      url,
      title: `Pull request ${github[1]}${pullRequestReference(
        'github',
        Number(github[2]),
      )}`,
      icon: 'github',
    };
  }
  const gitlab = /^\/(.+)\/-\/merge_requests\/(\d+)\/?$/.exec(path);
  if (gitlab) {
    return {
      url,
      title: `Merge request ${gitlab[1]}${pullRequestReference(
        'gitlab',
        Number(gitlab[2]),
      )}`,
    };
  }
  return { url, title: `Pull request ${url}` };
}

function isHttpUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Links for open pull requests, without duplicates or non-http URLs: the
 * first 20 (the backend sends the newest 20; a summary from elsewhere is
 * bounded here too, so no Stage entity gets more links or a longer
 * `kargo.akuity.io/pull-request-urls` annotation).
 */
export function pullRequestLinks(urls: readonly string[]): EntityLink[] {
  return [...new Set(urls)]
    .filter(isHttpUrl)
    .slice(0, MAX_OPEN_PULL_REQUEST_URLS)
    .map(pullRequestLink);
}
