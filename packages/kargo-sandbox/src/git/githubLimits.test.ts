import { Octokit } from '@octokit/rest';
import type { GitFakeStore } from './store';
import {
  failure,
  type GithubTestServer,
  quiet,
  REPO,
  TOKEN,
  useGithubTestServer,
} from './__testUtils__/githubTestServer';

describe('fake GitHub REST API limits with @octokit/rest', () => {
  let store: GitFakeStore;
  let server: GithubTestServer['server'];
  let octokit: Octokit;
  const owner = 'acme';
  const repo = 'checkout-deploy';

  useGithubTestServer(env => {
    ({ store, server, octokit } = env);
  });

  it('answers a matching If-None-Match with 304, free of rate limit', async () => {
    const first = await octokit.pulls.list({ owner, repo });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    const remaining = Number(first.headers['x-ratelimit-remaining']);

    const notModified = await failure(
      octokit.pulls.list({ owner, repo, headers: { 'if-none-match': etag } }),
    );
    expect(notModified.status).toBe(304);
    expect(notModified.response?.headers['x-ratelimit-remaining']).toBe(
      String(remaining),
    );
    expect(store.gitHubRateLimit().used).toBe(1);

    store.openPullRequest({
      repoURL: REPO,
      sourceBranch: 'new',
      targetBranch: 'main',
      title: 'x',
    });
    const changed = await octokit.pulls.list({
      owner,
      repo,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.data.map(pr => pr.number)).toContain(43);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('sends rate-limit headers and a 403 once the limit is used up', async () => {
    store.setGitHubRateLimit(2);
    const one = await octokit.repos.get({ owner, repo });
    expect(one.headers['x-ratelimit-limit']).toBe('2');
    expect(one.headers['x-ratelimit-remaining']).toBe('1');
    expect(one.headers['x-ratelimit-used']).toBe('1');
    expect(one.headers['x-ratelimit-resource']).toBe('core');
    expect(Number(one.headers['x-ratelimit-reset'])).toBeGreaterThan(
      Date.now() / 1000,
    );
    await octokit.pulls.list({ owner, repo });

    const limited = await failure(octokit.pulls.list({ owner, repo }));
    expect(limited.status).toBe(403);
    expect(limited.response?.data.message).toMatch(
      /^API rate limit exceeded for /,
    );
    expect(limited.response?.headers['x-ratelimit-remaining']).toBe('0');
    const created = await failure(
      octokit.pulls.create({
        owner,
        repo,
        head: 'x',
        base: 'main',
        title: 't',
      }),
    );
    expect(created.status).toBe(403);
    expect(store.list(REPO).some(pr => pr.sourceBranch === 'x')).toBe(false);
  });

  it("answers 401 with GitHub's bodies for a wrong or missing token, and accepts Bearer", async () => {
    const wrong = new Octokit({
      auth: 'nope',
      baseUrl: server.githubApiUrl,
      log: quiet,
    });
    const bad = await failure(wrong.repos.get({ owner, repo }));
    expect(bad.status).toBe(401);
    expect(bad.response?.data).toMatchObject({
      message: 'Bad credentials',
      status: '401',
    });

    const anonymous = new Octokit({ baseUrl: server.githubApiUrl, log: quiet });
    const none = await failure(anonymous.repos.get({ owner, repo }));
    expect(none.response?.data.message).toBe('Requires authentication');

    const res = await fetch(
      `${server.githubApiUrl}/repos/acme/checkout-deploy`,
      {
        headers: { authorization: `Bearer ${TOKEN}` },
      },
    );
    expect(res.status).toBe(200);
  });

  it('injects secondary rate limits and 502s a set number of times', async () => {
    store.setFault({
      provider: 'github',
      status: 429,
      headers: { 'retry-after': '7' },
      times: 1,
    });
    const secondary = await failure(octokit.pulls.list({ owner, repo }));
    expect(secondary.status).toBe(429);
    expect(secondary.response?.headers['retry-after']).toBe('7');
    expect(secondary.response?.data.message).toMatch(/secondary rate limit/);

    store.setFault({
      provider: 'github',
      status: 403,
      method: 'GET',
      path: /\/pulls$/,
    });
    const primary = await failure(octokit.pulls.list({ owner, repo }));
    expect(primary.status).toBe(403);
    expect(primary.response?.headers['x-ratelimit-remaining']).toBe('0');
    expect((await octokit.repos.get({ owner, repo })).status).toBe(200);
    store.clearFaults();

    store.setFault({ provider: 'github', status: 502, times: 1 });
    expect((await failure(octokit.repos.get({ owner, repo }))).status).toBe(
      502,
    );
    expect((await octokit.repos.get({ owner, repo })).status).toBe(200);
  });

  it('serves /rate_limit without counting it', async () => {
    await octokit.repos.get({ owner, repo });
    const { data } = await octokit.rateLimit.get();
    expect(data.resources.core).toMatchObject({
      limit: 1000,
      used: 1,
      remaining: 999,
    });
    expect(store.gitHubRateLimit().used).toBe(1);
  });
});
