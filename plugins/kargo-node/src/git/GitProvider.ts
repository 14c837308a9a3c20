import type {
  OpenPullRequest,
  PullRequestTerms,
} from '@kargo-backstage/plugin-kargo-common';
import type { OpenOrReclaimRequest, OpenOrReclaimResult } from '../types';
import type { ParsedRepoUrl } from './parseRepoUrl';

/**
 * What a webhook of a provider said, as far as we act on it: the repository
 * whose PRs/MRs changed (re-list it now rather than at the next pass).
 *
 * @public
 */
export interface GitWebhookEvent {
  /** The repository's web URL, as the provider's payload names it. */
  repoUrl: string;
}

/** Where a failure happened, for its message (never the token itself). @public */
export interface GitErrorContext {
  host: string;
  repo: string;
  /** Only to redact it should the provider echo it. */
  token?: string;
}

/**
 * A Git hosting service as Kargo for Backstage uses it: the one contract the
 * built-in GitHub, GitLab and Bitbucket Cloud providers implement, and that
 * a backend module implements to add another (through
 * `kargoGitProvidersExtensionPoint`). Every provider runs the contract suite
 * in `git/providers.contract.test.ts` against the sandbox's fake of it.
 *
 * Errors: every method throws `@backstage/errors` carrying a reason code
 * (kargo-common's `errorWithReason`), made by `translateError`: 404 is
 * NotFoundError `gitNotFound`, a rate limit RateLimitedError `gitRateLimited`,
 * the provider's 401/403 ServiceUnavailableError `gitUnauthorized` /
 * `gitForbidden` (never passed through as the Backstage user's own), an
 * unreachable host `gitUnreachable`. Credentials come from Backstage's
 * `integrations` config (ScmIntegrations), never from the caller.
 *
 * @public
 */
export interface GitProvider {
  /**
   * The provider's name, as `OpenPullRequest.provider` and Kargo's
   * git-open-pr `provider` say it: `github`, `gitlab`, `bitbucket`.
   */
  readonly name: string;
  /** How it words a PR/MR (kargo-common's `pullRequestTerms(name)`). */
  readonly terms: PullRequestTerms;
  /**
   * The Backstage events topics of its webhooks (as the events backend
   * modules publish them), e.g. `github.pull_request`.
   */
  readonly webhookTopics: readonly string[];

  /** True when an integration of this provider is configured for the host. */
  handles(host: string): boolean;
  /**
   * The bucket a repository's calls count against at the provider (per
   * token): calls are refused locally while that bucket is rate limited.
   */
  rateLimitKey(repo: ParsedRepoUrl): string;

  /**
   * Every open PR/MR of the repository, all pages, as `OpenPullRequest`s
   * with `provider` set to `name`. Conditional (ETag) where the host allows
   * it, so an unchanged repository costs no rate limit.
   */
  listOpen(repo: ParsedRepoUrl): Promise<OpenPullRequest[]>;
  /**
   * The open PR/MR from `sourceBranch` (a branch of this repository, never a
   * fork's) to `targetBranch`, its title/description updated, else a new
   * one. Never fails with the provider's "already exists".
   */
  openOrReclaim(
    repo: ParsedRepoUrl,
    request: OpenOrReclaimRequest,
  ): Promise<OpenOrReclaimResult>;
  /** Closes (GitHub, GitLab) or declines (Bitbucket) an open PR/MR. */
  close(repo: ParsedRepoUrl, number: number): Promise<void>;
  /** Deletes a branch of the repository; NotFoundError when there is none. */
  deleteBranch(repo: ParsedRepoUrl, branch: string): Promise<void>;

  /**
   * The repository a webhook event of one of `webhookTopics` is about, or
   * undefined for an event or payload that says nothing we act on. Pure.
   */
  parseWebhookEvent(
    topic: string,
    payload: unknown,
  ): GitWebhookEvent | undefined;
  /** A failure of this provider's client as `@backstage/errors` with a reason code. */
  translateError(error: unknown, context: GitErrorContext): Error;
}
