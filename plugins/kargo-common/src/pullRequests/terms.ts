/**
 * How a Git provider names its change requests: GitLab's are "merge request
 * !7", everyone else's (GitHub, Bitbucket, Gitea) "pull request #7". The one
 * owner of that wording: kargo-node's providers state theirs with it, the
 * frontend, notifications and the catalog word a PR/MR with it.
 *
 * @public
 */
export interface PullRequestTerms {
  /** Translation key of the noun: `pullRequest` or `mergeRequest`. */
  noun: 'pullRequest' | 'mergeRequest';
  /** What stands before the number: `#` or `!`. */
  prefix: '#' | '!';
}

const PULL_REQUEST: PullRequestTerms = { noun: 'pullRequest', prefix: '#' };
const MERGE_REQUEST: PullRequestTerms = { noun: 'mergeRequest', prefix: '!' };

/** Providers whose words differ from "pull request #". */
const DIFFERENT: Readonly<Record<string, PullRequestTerms>> = {
  gitlab: MERGE_REQUEST,
};

/**
 * The terms of a provider by its name (`OpenPullRequest.provider`); a
 * provider not listed says "pull request #".
 *
 * @public
 */
export function pullRequestTerms(provider: string): PullRequestTerms {
  return Object.prototype.hasOwnProperty.call(DIFFERENT, provider)
    ? DIFFERENT[provider]
    : PULL_REQUEST;
}

/**
 * The short reference of a PR/MR in its provider's own form: `#7` or `!7`.
 *
 * @public
 */
export function pullRequestReference(provider: string, number: number): string {
  return `${pullRequestTerms(provider).prefix}${number}`;
}

const ENGLISH_NOUN: Record<PullRequestTerms['noun'], string> = {
  pullRequest: 'pull request',
  mergeRequest: 'merge request',
};

/**
 * A PR/MR in English, for notifications and API messages: "pull request #7",
 * GitLab's "merge request !7"; without a number, the noun alone.
 *
 * @public
 */
export function pullRequestInEnglish(
  provider: string,
  number?: number,
): string {
  const noun = ENGLISH_NOUN[pullRequestTerms(provider).noun];
  return number === undefined
    ? noun
    : `${noun} ${pullRequestReference(provider, number)}`;
}

/**
 * The provider a PR/MR web URL names when no listing of it is at hand: a
 * GitLab merge request's path holds `merge_requests`; any other provider is
 * worded alike ("pull request #"), so null says enough.
 *
 * @public
 */
export function providerOfPullRequestUrl(
  url: string | null | undefined,
): string | null {
  return url && /\/merge_requests\/\d+\/?$/.test(url) ? 'gitlab' : null;
}
