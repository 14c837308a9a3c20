import { GitFakeStore } from './store';
import { prFixture } from './testServer';
import type { GitFixtureDocument, GitPullRequest } from './types';

const GH = 'https://github.com/acme/checkout-deploy';
const GL = 'https://gitlab.example.com/payments/deploy';

describe('GitFakeStore', () => {
  const clock = () => new Date('2026-11-30T12:00:00.000Z');

  it('loads fixtures of both providers with their web URLs and states', () => {
    const store = new GitFakeStore({ now: clock });
    store.addFromFixture(prFixture('GitHubPullRequest', `${GH}.git`, 42));
    store.addFromFixture(
      prFixture('GitLabMergeRequest', GL, 7, { state: 'merged' }),
    );
    const [pr, mr] = store.list(); // ordered by repository URL
    expect(pr).toMatchObject({
      provider: 'github',
      repoURL: GH,
      number: 42,
      state: 'open',
      webUrl: 'https://github.com/acme/checkout-deploy/pull/42',
      mergedAt: null,
    });
    expect(mr).toMatchObject({
      provider: 'gitlab',
      number: 7,
      state: 'merged',
      webUrl: 'https://gitlab.example.com/payments/deploy/-/merge_requests/7',
    });
    expect(mr.mergedAt).toBe(mr.createdAt);
    expect(store.list(GL).map(p => p.number)).toEqual([7]);
    expect(
      store.findRepository('github', 'ACME/Checkout-Deploy')?.repoURL,
    ).toBe(GH);
  });

  it.each([
    [
      { spec: { state: 'draft' } },
      'spec.state must be one of open, closed, merged',
    ],
    [{ spec: { number: 0 } }, 'spec.number must be a positive integer'],
    [{ spec: { title: '' } }, 'spec.title must be a non-empty string'],
    [
      { spec: { createdAt: 'yesterday' } },
      'spec.createdAt must be an RFC 3339 timestamp',
    ],
    [
      { spec: { repoURL: 'https://github.com/lonely' } },
      'has no owner/name path',
    ],
    [{ kind: 'GitHubIssue' }, 'Not a Git fixture'],
  ])('rejects a malformed fixture %j', (override, message) => {
    const base = prFixture('GitHubPullRequest', GH, 1);
    const doc = {
      ...base,
      ...override,
      spec: { ...base.spec, ...(override as { spec?: object }).spec },
    } as unknown as GitFixtureDocument;
    expect(() => new GitFakeStore().addFromFixture(doc)).toThrow(message);
  });

  it('rejects a duplicate number in one repository and a duplicate fixture name', () => {
    const store = new GitFakeStore();
    store.addFromFixture(prFixture('GitHubPullRequest', GH, 1));
    const twin = prFixture('GitHubPullRequest', GH, 1);
    expect(() =>
      store.addFromFixture({ ...twin, metadata: { name: 'other' } }),
    ).toThrow('already has number 1');
    expect(() =>
      store.addFromFixture(prFixture('GitHubPullRequest', GH, 1)),
    ).toThrow('Duplicate GitHubPullRequest fixture name');
  });

  it('opens a new PR after the highest number, then reclaims the open one', () => {
    const store = new GitFakeStore({ now: clock });
    store.addFromFixture(
      prFixture('GitLabMergeRequest', GL, 7, {
        sourceBranch: 'release/payments-prod',
      }),
    );
    const reclaimed = store.openPullRequest({
      repoURL: GL,
      sourceBranch: 'release/payments-prod',
      targetBranch: 'main',
      title: 'Promote',
    });
    expect(reclaimed).toEqual({
      provider: 'gitlab',
      number: 7,
      url: 'https://gitlab.example.com/payments/deploy/-/merge_requests/7',
      reclaimed: true,
    });
    const fresh = store.openPullRequest({
      repoURL: GL,
      sourceBranch: 'release/payments-prod',
      targetBranch: 'hotfix',
      title: 'Other target',
      description: 'd',
    });
    expect(fresh).toMatchObject({ number: 8, reclaimed: false });
    expect(store.list(GL)[1]).toMatchObject({
      title: 'Other target',
      description: 'd',
      author: 'kargo-bot',
      createdAt: '2026-11-30T12:00:00Z',
    });
  });

  it('creates repositories on first use, guessing the provider from the host', () => {
    const store = new GitFakeStore();
    const gh = store.openPullRequest({
      repoURL: 'git@github.com:acme/new.git',
      sourceBranch: 'a',
      targetBranch: 'main',
      title: 't',
    });
    const gl = store.openPullRequest({
      repoURL: 'https://gitlab.acme.io/g/sub/p',
      sourceBranch: 'a',
      targetBranch: 'main',
      title: 't',
    });
    expect(gh).toMatchObject({
      provider: 'github',
      number: 1,
      url: 'https://github.com/acme/new/pull/1',
    });
    expect(gl).toMatchObject({
      provider: 'gitlab',
      url: 'https://gitlab.acme.io/g/sub/p/-/merge_requests/1',
    });
    expect(store.findGitLabProject('g/sub/p')?.id).toBe(1);
    expect(store.findGitLabProject('1')?.path).toBe('g/sub/p');
  });

  it('merges an open PR once, notifying subscribers', () => {
    const store = new GitFakeStore({ now: clock });
    store.addFromFixture(prFixture('GitHubPullRequest', GH, 41));
    const seen: GitPullRequest[] = [];
    const unsubscribe = store.subscribe(pr => seen.push(pr));
    const merged = store.merge(GH, 41);
    expect(merged).toMatchObject({
      state: 'merged',
      mergedAt: '2026-11-30T12:00:00Z',
    });
    expect(seen.map(pr => [pr.number, pr.state])).toEqual([[41, 'merged']]);
    expect(() => store.merge(GH, 41)).toThrow('is merged');
    expect(() => store.merge(GH, 99)).toThrow('No pull request 99');
    unsubscribe();
    store.openPullRequest({
      repoURL: GH,
      sourceBranch: 'x',
      targetBranch: 'main',
      title: 't',
    });
    expect(seen).toHaveLength(1);
  });

  it('refuses to reopen a PR while another open one has its branches', () => {
    const store = new GitFakeStore();
    store.addFromFixture(
      prFixture('GitHubPullRequest', GH, 1, {
        state: 'closed',
        sourceBranch: 'b',
      }),
    );
    store.addFromFixture(
      prFixture('GitHubPullRequest', GH, 2, { sourceBranch: 'b' }),
    );
    const repo = store.findRepository('github', 'acme/checkout-deploy')!;
    expect(store.update(repo, 1, { state: 'open' })?.conflict?.number).toBe(2);
    expect(store.update(repo, 3, { title: 'x' })).toBeUndefined();
  });

  it("rolls GitHub's rate-limit window and counts requests per route", () => {
    let now = new Date('2026-11-30T12:00:00Z');
    const store = new GitFakeStore({
      githubRateLimit: 1,
      githubRateLimitWindowSeconds: 60,
      now: () => now,
    });
    expect(store.consumeGitHubRateLimit()).toBe(true);
    expect(store.consumeGitHubRateLimit()).toBe(false);
    now = new Date('2026-11-30T12:01:00Z');
    expect(store.gitHubRateLimit()).toMatchObject({
      used: 0,
      limit: 1,
      reset: now.getTime() / 1000 + 60,
    });

    store.recordRequest({
      provider: 'github',
      method: 'GET',
      route: 'GET /x',
      status: 200,
    });
    store.recordRequest({
      provider: 'github',
      method: 'GET',
      route: 'GET /x',
      status: 304,
    });
    store.recordRequest({
      provider: 'gitlab',
      method: 'GET',
      route: 'GET /y',
      status: 200,
    });
    expect(store.requestCounts()).toEqual({
      'github GET /x': 2,
      'gitlab GET /y': 1,
    });
    expect(store.requestCounts({ provider: 'gitlab' })).toEqual({
      'gitlab GET /y': 1,
    });
  });
});
