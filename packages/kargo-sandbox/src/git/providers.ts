import type { GitFixtureDocument, GitProvider } from './types';

/** What differs between the fake providers outside their own API files. */
export interface FakeProviderTraits {
  /** The `kind` of its `sandbox/v1` fixture documents. */
  fixtureKind: GitFixtureDocument['kind'];
  /** The web path of a PR/MR under its repository, before the number. */
  webPath: string;
  /** The id of its first repository (GitHub ids are large, GitLab's small). */
  firstRepoId: number;
  /**
   * Whether a repository on this host is most likely this provider's (a
   * repository the fake already knows keeps its provider). GitHub is the
   * fallback, as GitHub Enterprise runs on any host.
   */
  ownsHost(host: string): boolean;
}

/**
 * The one table of the fake providers: a provider added to the sandbox adds
 * its row here, its API files, and its mount in handler.ts.
 */
export const FAKE_PROVIDERS: Readonly<Record<GitProvider, FakeProviderTraits>> =
  {
    github: {
      fixtureKind: 'GitHubPullRequest',
      webPath: 'pull',
      firstRepoId: 100001,
      ownsHost: () => false,
    },
    gitlab: {
      fixtureKind: 'GitLabMergeRequest',
      webPath: '-/merge_requests',
      firstRepoId: 1,
      ownsHost: host => host.includes('gitlab'),
    },
    bitbucket: {
      fixtureKind: 'BitbucketPullRequest',
      webPath: 'pull-requests',
      firstRepoId: 1,
      // Bitbucket Cloud is only ever bitbucket.org (Kargo's provider matches
      // that host: akuity/kargo pkg/gitprovider/bitbucket/cloud/provider.go).
      ownsHost: host => host === 'bitbucket.org',
    },
  };

export const FAKE_PROVIDER_NAMES = Object.keys(FAKE_PROVIDERS) as GitProvider[];
