import { Octokit } from '@octokit/rest';
import { GitFakeStore } from '../store';
import { prFixture, startGitTestServer } from '../testServer';

export const REPO = 'https://github.com/acme/checkout-deploy';
export const TOKEN = 'sandbox-github-token';
// Octokit logs every failed request; the failures in tests are the point.
export const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** Octokit's RequestError, as far as the tests read it. */
export interface RequestErrorLike {
  status: number;
  response?: { data: any; headers: Record<string, string | undefined> };
}

/** The error a request failed with; throws if it succeeded. */
export async function failure(
  promise: Promise<unknown>,
): Promise<RequestErrorLike> {
  try {
    await promise;
  } catch (e) {
    return e as RequestErrorLike;
  }
  throw new Error('expected the request to fail');
}

/** What each test of the fake GitHub gets. */
export interface GithubTestServer {
  store: GitFakeStore;
  server: Awaited<ReturnType<typeof startGitTestServer>>;
  octokit: Octokit;
}

/**
 * Before each test: a fresh store with acme/checkout-deploy PRs #41 and #42
 * open, #40 merged and #39 closed, a server on it and an authenticated
 * Octokit, handed to `onStart`. After each test the server stops.
 */
export function useGithubTestServer(onStart: (env: GithubTestServer) => void) {
  let server: GithubTestServer['server'] | undefined;
  beforeEach(async () => {
    const store = new GitFakeStore({ githubRateLimit: 1000 });
    store.addFromFixture(prFixture('GitHubPullRequest', REPO, 41));
    store.addFromFixture(prFixture('GitHubPullRequest', REPO, 42));
    store.addFromFixture(
      prFixture('GitHubPullRequest', REPO, 40, {
        state: 'merged',
        sourceBranch: 'old',
      }),
    );
    store.addFromFixture(
      prFixture('GitHubPullRequest', REPO, 39, {
        state: 'closed',
        targetBranch: 'release',
      }),
    );
    server = await startGitTestServer(store);
    const octokit = new Octokit({
      auth: TOKEN,
      baseUrl: server.githubApiUrl,
      log: quiet,
    });
    onStart({ store, server, octokit });
  });
  afterEach(() => server?.stop());
}
