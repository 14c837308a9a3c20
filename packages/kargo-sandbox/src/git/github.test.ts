import type { Octokit } from '@octokit/rest';
import type { GitFakeStore } from './store';
import {
  failure,
  type GithubTestServer,
  REPO,
  useGithubTestServer,
} from './__testUtils__/githubTestServer';

describe('fake GitHub REST API with @octokit/rest', () => {
  let store: GitFakeStore;
  let server: GithubTestServer['server'];
  let octokit: Octokit;
  const owner = 'acme';
  const repo = 'checkout-deploy';

  useGithubTestServer(env => {
    ({ store, server, octokit } = env);
  });

  it('gets a repository named in the fixtures and 404s an unknown one', async () => {
    const { data } = await octokit.repos.get({ owner, repo });
    expect(data.full_name).toBe('acme/checkout-deploy');
    expect(data.html_url).toBe(REPO);
    expect(data.default_branch).toBe('main');

    const error = await failure(octokit.repos.get({ owner, repo: 'nope' }));
    expect(error.status).toBe(404);
    expect(error.response?.data).toMatchObject({
      message: 'Not Found',
      status: '404',
    });
  });

  it('lists open pull requests by default, newest first, shaped like GitHub', async () => {
    const { data } = await octokit.pulls.list({ owner, repo });
    expect(data.map(pr => pr.number)).toEqual([42, 41]);
    expect(data[0]).toMatchObject({
      state: 'open',
      html_url: 'https://github.com/acme/checkout-deploy/pull/42',
      url: `${server.githubApiUrl}/repos/acme/checkout-deploy/pulls/42`,
      user: { login: 'kargo-bot' },
      head: { ref: 'kargo/promotion/p-42', label: 'acme:kargo/promotion/p-42' },
      base: { ref: 'main', label: 'acme:main' },
      merged_at: null,
      draft: false,
    });
    expect(data[0].head.sha).toHaveLength(40);
  });

  it('filters by state, base and head in owner:branch form', async () => {
    const closed = await octokit.pulls.list({ owner, repo, state: 'closed' });
    expect(
      closed.data.map(pr => [pr.number, pr.state, Boolean(pr.merged_at)]),
    ).toEqual([
      [40, 'closed', true],
      [39, 'closed', false],
    ]);
    const all = await octokit.pulls.list({
      owner,
      repo,
      state: 'all',
      direction: 'asc',
    });
    expect(all.data.map(pr => pr.number)).toEqual([39, 40, 41, 42]);
    const release = await octokit.pulls.list({
      owner,
      repo,
      state: 'all',
      base: 'release',
    });
    expect(release.data.map(pr => pr.number)).toEqual([39]);
    const head = await octokit.pulls.list({
      owner,
      repo,
      head: 'acme:kargo/promotion/p-41',
    });
    expect(head.data.map(pr => pr.number)).toEqual([41]);
    const otherOwner = await octokit.pulls.list({
      owner,
      repo,
      head: 'evil:kargo/promotion/p-41',
    });
    expect(otherOwner.data).toEqual([]);
  });

  it('ignores a bare branch name in head, as GitHub does', async () => {
    const { data } = await octokit.pulls.list({
      owner,
      repo,
      head: 'kargo/promotion/p-41',
    });
    expect(data.map(pr => pr.number)).toEqual([42, 41]);
  });

  it('paginates with absolute Link headers that octokit.paginate follows', async () => {
    for (let i = 0; i < 61; i++) {
      store.openPullRequest({
        repoURL: REPO,
        sourceBranch: `b-${i}`,
        targetBranch: 'main',
        title: `t${i}`,
      });
    }
    const first = await octokit.pulls.list({ owner, repo, per_page: 20 });
    expect(first.data).toHaveLength(20);
    const link = first.headers.link ?? '';
    expect(link).toContain(
      `<${server.githubApiUrl}/repos/acme/checkout-deploy/pulls?per_page=20&page=2>; rel="next"`,
    );
    expect(link).toContain('page=4>; rel="last"');
    expect(link).not.toContain('rel="prev"');

    store.resetRequestCounts();
    const everything = await octokit.paginate(octokit.pulls.list, {
      owner,
      repo,
      per_page: 20,
    });
    expect(everything).toHaveLength(63);
    expect(new Set(everything.map(pr => pr.number)).size).toBe(63);
    expect(store.requestCounts()).toEqual({
      'github GET /repos/{owner}/{repo}/pulls': 4,
    });
  });

  it("creates a pull request and answers a duplicate with GitHub's 422", async () => {
    const created = await octokit.pulls.create({
      owner,
      repo,
      head: 'kargo/promotion/prod.abc',
      base: 'main',
      title: 'Promote',
      body: 'details',
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      number: 43,
      state: 'open',
      body: 'details',
      merged: false,
      html_url: 'https://github.com/acme/checkout-deploy/pull/43',
    });

    const duplicate = await failure(
      octokit.pulls.create({
        owner,
        repo,
        head: 'acme:kargo/promotion/prod.abc',
        base: 'main',
        title: 'again',
      }),
    );
    expect(duplicate.status).toBe(422);
    expect(duplicate.response?.data).toEqual({
      message: 'Validation Failed',
      errors: [
        {
          resource: 'PullRequest',
          code: 'custom',
          message:
            'A pull request already exists for acme:kargo/promotion/prod.abc.',
        },
      ],
      documentation_url:
        'https://docs.github.com/rest/pulls/pulls#create-a-pull-request',
      status: '422',
    });
  });

  it('rejects a create without title or head with per-field 422 errors', async () => {
    const error = await failure(
      // The untyped form: the typed route rightly insists on `head`.
      octokit.request({
        method: 'POST',
        url: '/repos/{owner}/{repo}/pulls',
        owner,
        repo,
        base: 'main',
      }),
    );
    expect(error.status).toBe(422);
    expect(error.response?.data.errors).toEqual([
      { resource: 'PullRequest', field: 'title', code: 'missing_field' },
      { resource: 'PullRequest', field: 'head', code: 'missing_field' },
    ]);
  });

  it('gets, updates, closes and merges a pull request', async () => {
    const merged = await octokit.pulls.get({ owner, repo, pull_number: 40 });
    expect(merged.data).toMatchObject({ state: 'closed', merged: true });
    expect(merged.data.merged_at).not.toBeNull();

    const updated = await octokit.pulls.update({
      owner,
      repo,
      pull_number: 41,
      title: 'New title',
      body: 'b',
    });
    expect(updated.data).toMatchObject({
      title: 'New title',
      body: 'b',
      state: 'open',
    });
    const closed = await octokit.pulls.update({
      owner,
      repo,
      pull_number: 41,
      state: 'closed',
    });
    expect(closed.data).toMatchObject({ state: 'closed', merged: false });

    const result = await octokit.pulls.merge({ owner, repo, pull_number: 42 });
    expect(result.data.merged).toBe(true);
    expect(
      (await octokit.pulls.get({ owner, repo, pull_number: 42 })).data.merged,
    ).toBe(true);
    const again = await failure(
      octokit.pulls.merge({ owner, repo, pull_number: 42 }),
    );
    expect(again.status).toBe(405);

    const missing = await failure(
      octokit.pulls.get({ owner, repo, pull_number: 999 }),
    );
    expect(missing.status).toBe(404);
  });
});
