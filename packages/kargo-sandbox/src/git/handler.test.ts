import { GitFakeStore } from './store';
import { prFixture, startGitTestServer } from './testServer';

const GH = 'https://github.com/acme/checkout-deploy';
const GL = 'https://gitlab.example.com/payments/deploy';

describe('createGitHandler', () => {
  let store: GitFakeStore;
  let server: Awaited<ReturnType<typeof startGitTestServer>>;

  beforeEach(async () => {
    store = new GitFakeStore();
    store.addFromFixture(prFixture('GitHubPullRequest', GH, 42));
    store.addFromFixture(prFixture('GitLabMergeRequest', GL, 7));
    server = await startGitTestServer(store, {
      githubToken: 'gh',
      gitlabToken: 'gl',
    });
  });

  afterEach(() => server.stop());

  it('merges a GitHub PR through the sandbox endpoint, once', async () => {
    const url = `${server.url}/sandbox/v1/github/acme/checkout-deploy/pulls/42/merge`;
    const res = await fetch(url, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      provider: 'github',
      number: 42,
      state: 'merged',
    });
    expect(store.list(GH)[0].state).toBe('merged');

    const again = await fetch(url, { method: 'POST' });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe(
      'acme/checkout-deploy#42 is merged, not open',
    );
  });

  it('merges a GitLab MR by project path, plain or URL-encoded', async () => {
    const res = await fetch(
      `${server.url}/sandbox/v1/gitlab/payments%2Fdeploy/merge_requests/7/merge`,
      {
        method: 'POST',
      },
    );
    expect(res.status).toBe(200);
    expect(store.list(GL)[0].state).toBe('merged');
    const missing = await fetch(
      `${server.url}/sandbox/v1/gitlab/payments/deploy/merge_requests/8/merge`,
      {
        method: 'POST',
      },
    );
    expect(missing.status).toBe(404);
    const wrongVerb = await fetch(
      `${server.url}/sandbox/v1/gitlab/payments/deploy/merge_requests/7/merge`,
    );
    expect(wrongVerb.status).toBe(405);
  });

  it('uses the configured tokens', async () => {
    const gh = await fetch(
      `${server.url}/github/api/v3/repos/acme/checkout-deploy`,
      {
        headers: { authorization: 'token gh' },
      },
    );
    expect(gh.status).toBe(200);
    const oldDefault = await fetch(
      `${server.url}/github/api/v3/repos/acme/checkout-deploy`,
      {
        headers: { authorization: 'token sandbox-github-token' },
      },
    );
    expect(oldDefault.status).toBe(401);
    const gl = await fetch(`${server.url}/gitlab/api/v4/projects/1`, {
      headers: { 'private-token': 'gl' },
    });
    expect(gl.status).toBe(200);
  });

  it('answers stats and leaves other paths to the next handler', async () => {
    await fetch(
      `${server.url}/github/api/v3/repos/acme/checkout-deploy/pulls`,
      {
        headers: { authorization: 'token gh' },
      },
    );
    const stats = await fetch(`${server.url}/sandbox/v1/git/stats`);
    expect(await stats.json()).toMatchObject({
      requests: { 'github GET /repos/{owner}/{repo}/pulls': 1 },
      githubRateLimit: { used: 1, limit: 5000 },
    });
    for (const path of [
      '/api/v1/namespaces',
      '/gitlab/users/sign_in',
      '/sandbox/v1/other',
    ]) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(418);
    }
  });

  it("answers malformed JSON with the provider's 400 instead of failing", async () => {
    const res = await fetch(
      `${server.url}/github/api/v3/repos/acme/checkout-deploy/pulls`,
      {
        method: 'POST',
        headers: {
          authorization: 'token gh',
          'content-type': 'application/json',
        },
        body: '{oops',
      },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: 'Problems parsing JSON',
    });
  });
});
