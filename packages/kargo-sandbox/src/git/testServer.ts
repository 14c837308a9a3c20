import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGitHandler, type GitHandlerOptions } from './handler';
import type { GitFakeStore } from './store';

/** A loopback server on an ephemeral port serving only the Git handler (tests). */
export async function startGitTestServer(
  store: GitFakeStore,
  options?: GitHandlerOptions,
) {
  const handle = createGitHandler(store, options);
  const server = http.createServer((req, res) => {
    handle(req, res).then(handled => {
      if (!handled) {
        res.writeHead(418, { 'content-type': 'text/plain' });
        res.end('not a Git route');
      }
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    githubApiUrl: `${url}/github/api/v3`,
    gitlabUrl: `${url}/gitlab`,
    bitbucketApiUrl: `${url}/bitbucket/2.0`,
    stop: () =>
      new Promise<void>(resolve => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Fixture documents like the demo's, for tests. */
export function prFixture(
  kind: 'GitHubPullRequest' | 'GitLabMergeRequest' | 'BitbucketPullRequest',
  repoURL: string,
  number: number,
  overrides: Partial<{
    state: 'open' | 'closed' | 'merged';
    sourceBranch: string;
    targetBranch: string;
    createdAt: string;
    title: string;
  }> = {},
) {
  return {
    apiVersion: 'sandbox/v1' as const,
    kind,
    metadata: { name: `${kind}-${repoURL}-${number}` },
    spec: {
      repoURL,
      number,
      title: `Change ${number}`,
      state: 'open' as const,
      sourceBranch: `kargo/promotion/p-${number}`,
      targetBranch: 'main',
      headSha: `${number}`.padStart(40, 'a'),
      author: 'kargo-bot',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, number)).toISOString(),
      ...overrides,
    },
  };
}
