import { Gitlab } from '@gitbeaker/rest';
import { GitFakeStore } from './store';
import { prFixture, startGitTestServer } from './testServer';

const REPO = 'https://gitlab.example.com/payments/deploy';
const TOKEN = 'sandbox-gitlab-token';

/** What a GitbeakerRequestError carries, as far as these tests read it. */
interface GitbeakerErrorLike {
  message: string;
  cause?: { description: string; response: Response };
}

async function failure(promise: Promise<unknown>): Promise<GitbeakerErrorLike> {
  try {
    await promise;
  } catch (e) {
    return e as GitbeakerErrorLike;
  }
  throw new Error('expected the request to fail');
}

describe('fake GitLab REST API v4 with @gitbeaker/rest', () => {
  let store: GitFakeStore;
  let server: Awaited<ReturnType<typeof startGitTestServer>>;
  let gitlab: InstanceType<typeof Gitlab>;
  const projectId = 'payments/deploy';

  beforeEach(async () => {
    store = new GitFakeStore();
    store.addFromFixture(
      prFixture('GitLabMergeRequest', REPO, 7, {
        sourceBranch: 'release/payments-prod',
      }),
    );
    store.addFromFixture(
      prFixture('GitLabMergeRequest', REPO, 6, { state: 'merged' }),
    );
    store.addFromFixture(
      prFixture('GitLabMergeRequest', REPO, 5, {
        state: 'closed',
        targetBranch: 'develop',
      }),
    );
    server = await startGitTestServer(store);
    gitlab = new Gitlab({ host: server.gitlabUrl, token: TOKEN });
  });

  afterEach(() => server.stop());

  it('shows a project by path and by numeric id, and 404s an unknown one', async () => {
    const byPath = await gitlab.Projects.show(projectId);
    expect(byPath).toMatchObject({
      path_with_namespace: 'payments/deploy',
      web_url: REPO,
      default_branch: 'main',
    });
    const byId = await gitlab.Projects.show(byPath.id);
    expect(byId.path_with_namespace).toBe('payments/deploy');

    const error = await failure(gitlab.Projects.show('payments/nope'));
    expect(error.cause?.response.status).toBe(404);
    expect(error.cause?.description).toBe('404 Project Not Found');
  });

  it('lists merge requests with state, source and target branch filters', async () => {
    const all = await gitlab.MergeRequests.all({ projectId });
    expect(all.map(mr => [mr.iid, mr.state])).toEqual([
      [7, 'opened'],
      [6, 'merged'],
      [5, 'closed'],
    ]);
    const opened = await gitlab.MergeRequests.all({
      projectId,
      state: 'opened',
      sourceBranch: 'release/payments-prod',
      targetBranch: 'main',
    });
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({
      iid: 7,
      project_id: all[0].project_id,
      source_branch: 'release/payments-prod',
      target_branch: 'main',
      web_url: 'https://gitlab.example.com/payments/deploy/-/merge_requests/7',
      author: { username: 'kargo-bot' },
      merged_at: null,
    });
    expect(
      await gitlab.MergeRequests.all({ projectId, targetBranch: 'develop' }),
    ).toHaveLength(1);
    expect(
      await gitlab.MergeRequests.all({ projectId, state: 'locked' }),
    ).toEqual([]);
    const merged = await gitlab.MergeRequests.all({
      projectId,
      state: 'merged',
    });
    expect(merged[0].merged_at).not.toBeNull();
  });

  it('paginates with x-* headers and Link, which gitbeaker follows', async () => {
    for (let i = 0; i < 42; i++) {
      store.openPullRequest({
        repoURL: REPO,
        sourceBranch: `b-${i}`,
        targetBranch: 'main',
        title: `t${i}`,
      });
    }
    store.resetRequestCounts();
    const everything = await gitlab.MergeRequests.all({
      projectId,
      state: 'opened',
      perPage: 20,
    });
    expect(everything).toHaveLength(43);
    expect(store.requestCounts()).toEqual({
      'gitlab GET /projects/:id/merge_requests': 3,
    });

    const { paginationInfo } = await gitlab.MergeRequests.all({
      projectId,
      perPage: 20,
      page: 2,
      showExpanded: true,
    });
    expect(paginationInfo).toEqual({
      total: 45,
      next: 3,
      current: 2,
      previous: 1,
      perPage: 20,
      totalPages: 3,
    });

    const res = await fetch(
      `${server.gitlabUrl}/api/v4/projects/payments%2Fdeploy/merge_requests?per_page=20`,
      {
        headers: { 'private-token': TOKEN },
      },
    );
    expect(res.headers.get('x-next-page')).toBe('2');
    expect(res.headers.get('x-prev-page')).toBe('');
    expect(res.headers.get('link')).toContain(
      `<${server.gitlabUrl}/api/v4/projects/payments%2Fdeploy/merge_requests?per_page=20&page=2>; rel="next"`,
    );
  });

  it("creates a merge request and answers a second open one with GitLab's 409", async () => {
    const created = await gitlab.MergeRequests.create(
      projectId,
      'kargo/promotion/qa.1',
      'main',
      'Promote',
      {
        description: 'why',
        labels: 'kargo,promotion',
      },
    );
    expect(created).toMatchObject({
      iid: 8,
      state: 'opened',
      description: 'why',
      labels: ['kargo', 'promotion'],
      web_url: 'https://gitlab.example.com/payments/deploy/-/merge_requests/8',
    });

    const duplicate = await failure(
      gitlab.MergeRequests.create(
        projectId,
        'release/payments-prod',
        'main',
        'again',
      ),
    );
    expect(duplicate.cause?.response.status).toBe(409);
    // gitbeaker reads the body once and keeps GitLab's message array as JSON text.
    expect(JSON.parse(duplicate.cause?.description ?? '')).toEqual([
      'Another open merge request already exists for this source branch: !7',
    ]);

    const missing = await fetch(
      `${server.gitlabUrl}/api/v4/projects/payments%2Fdeploy/merge_requests`,
      {
        method: 'POST',
        headers: { 'private-token': TOKEN, 'content-type': 'application/json' },
        body: JSON.stringify({ source_branch: 'x' }),
      },
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      error: 'target_branch is missing, title is missing',
    });
  });

  it('edits, closes, reopens and merges a merge request', async () => {
    const edited = await gitlab.MergeRequests.edit(projectId, 7, {
      title: 'T',
      description: 'D',
    });
    expect(edited).toMatchObject({
      title: 'T',
      description: 'D',
      state: 'opened',
    });
    const closed = await gitlab.MergeRequests.edit(projectId, 7, {
      stateEvent: 'close',
    });
    expect(closed.state).toBe('closed');
    expect(
      (await gitlab.MergeRequests.edit(projectId, 7, { stateEvent: 'reopen' }))
        .state,
    ).toBe('opened');

    const merged = await gitlab.MergeRequests.merge(projectId, 7);
    expect(merged.state).toBe('merged');
    expect(
      (await gitlab.MergeRequests.show(projectId, 7)).merged_at,
    ).not.toBeNull();
    const again = await failure(gitlab.MergeRequests.merge(projectId, 7));
    expect(again.cause?.response.status).toBe(405);

    const unknown = await failure(gitlab.MergeRequests.show(projectId, 99));
    expect(unknown.cause?.description).toBe('404 Not found');
  });

  it('answers 401 for a wrong token and accepts Bearer', async () => {
    const wrong = new Gitlab({ host: server.gitlabUrl, token: 'nope' });
    const error = await failure(wrong.Projects.show(projectId));
    expect(error.cause?.response.status).toBe(401);
    expect(error.cause?.description).toBe('401 Unauthorized');

    const bearer = new Gitlab({ host: server.gitlabUrl, oauthToken: TOKEN });
    expect((await bearer.Projects.show(projectId)).id).toBeGreaterThan(0);
  });

  it('rejects an unknown state filter with 400 and an unknown route with 404', async () => {
    const res = await fetch(
      `${server.gitlabUrl}/api/v4/projects/1/merge_requests?state=bogus`,
      {
        headers: { 'private-token': TOKEN },
      },
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'state does not have a valid value',
    });
    const unknown = await fetch(`${server.gitlabUrl}/api/v4/nothing`, {
      headers: { 'private-token': TOKEN },
    });
    expect(unknown.status).toBe(404);
  });

  it('answers If-None-Match with 304 and serves injected faults (gitbeaker retries 429)', async () => {
    const url = `${server.gitlabUrl}/api/v4/projects/payments%2Fdeploy/merge_requests?state=opened`;
    const first = await fetch(url, { headers: { 'private-token': TOKEN } });
    const etag = first.headers.get('etag')!;
    const second = await fetch(url, {
      headers: { 'private-token': TOKEN, 'if-none-match': etag },
    });
    expect(second.status).toBe(304);

    store.setFault({
      provider: 'gitlab',
      status: 429,
      headers: { 'retry-after': '1' },
      times: 1,
    });
    const afterRetry = await gitlab.MergeRequests.all({
      projectId,
      state: 'opened',
    });
    expect(afterRetry.map(mr => mr.iid)).toEqual([7]);
    expect(
      store
        .requests()
        .map(r => r.status)
        .slice(-2),
    ).toEqual([429, 200]);
  });
});
