import { registerMswTestHooks } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RateLimitedError } from '../errors';
import {
  createTestService,
  GITLAB_API,
  GITLAB_TOKEN,
  gitlabMergeRequest,
  jsonGet,
  listFailure,
  GATEWAY_GITLAB_API,
  SELF_HOSTED_GITLAB_API,
  SELF_HOSTED_GITLAB_TOKEN,
} from '../__testUtils__/fixtures';

const server = setupServer();
registerMswTestHooks(server);

const PROJECT = 'payments%2Fdeploy';
const MRS = `${GITLAB_API}/projects/${PROJECT}/merge_requests`;
const REPO = 'https://gitlab.com/payments/deploy';

describe('GitLab merge requests', () => {
  it('reads every page of opened merge requests and maps them', async () => {
    const seen: Array<Record<string, string>> = [];
    server.use(
      http.get(MRS, ({ request }) => {
        const params = Object.fromEntries(new URL(request.url).searchParams);
        seen.push(params);
        const page = Number(params.page ?? '1');
        const items = {
          1: [gitlabMergeRequest(1), gitlabMergeRequest(2)],
          2: [gitlabMergeRequest(3)],
          3: [gitlabMergeRequest(4, { state: 'locked' })],
        }[page];
        const headers: Record<string, string> = {
          'x-page': String(page),
          'x-total-pages': '3',
        };
        if (page < 3) {
          headers.link = `<${MRS}?page=${
            page + 1
          }&per_page=100&state=opened>; rel="next"`;
        }
        return HttpResponse.json(items, { headers });
      }),
    );
    const service = createTestService();

    const mrs = await service.listOpenPullRequests(`${REPO}.git`);

    expect(mrs.map(mr => mr.number)).toEqual([1, 2, 3, 4]);
    expect(seen[0]).toMatchObject({ state: 'opened', per_page: '100' });
    expect(seen.map(s => s.page ?? '1')).toEqual(['1', '2', '3']);
    expect(service.stats().gitlab).toBe(3);
    expect(mrs[0]).toEqual({
      provider: 'gitlab',
      repoUrl: REPO,
      number: 1,
      title: 'Promote !1',
      url: 'https://gitlab.com/payments/deploy/-/merge_requests/1',
      state: 'open',
      sourceBranch: 'kargo/promotion/prod.1',
      targetBranch: 'main',
      headSha: 'sha1',
      author: 'kargo-bot',
      createdAt: '2026-11-30T10:00:00Z',
      fromFork: false,
    });
    // GitLab's "locked" is an open MR being merged.
    expect(mrs[3].state).toBe('open');
  });

  it('sends the integration token and handles subgroups', async () => {
    let token: string | null = null;
    server.use(
      http.get(
        `${GITLAB_API}/projects/group%2Fsub%2Fdeploy/merge_requests`,
        ({ request }) => {
          token = request.headers.get('private-token');
          return HttpResponse.json([gitlabMergeRequest(5)]);
        },
      ),
    );
    const mrs = await createTestService().listOpenPullRequests(
      'https://gitlab.com/group/sub/deploy',
    );
    expect(token).toBe(GITLAB_TOKEN);
    expect(mrs).toEqual([
      expect.objectContaining({
        repoUrl: 'https://gitlab.com/group/sub/deploy',
        number: 5,
      }),
    ]);
  });

  it('uses the baseUrl and token of a self-hosted GitLab integration', async () => {
    let token: string | null = null;
    server.use(
      http.get(
        `${SELF_HOSTED_GITLAB_API}/projects/ops%2Fdeploy/merge_requests`,
        ({ request }) => {
          token = request.headers.get('private-token');
          return HttpResponse.json([gitlabMergeRequest(3)]);
        },
      ),
    );
    const mrs = await createTestService().listOpenPullRequests(
      'https://git.example.org/ops/deploy',
    );
    expect(token).toBe(SELF_HOSTED_GITLAB_TOKEN);
    expect(mrs.map(mr => mr.number)).toEqual([3]);
  });

  it("sends to the integration's apiBaseUrl when it is on another host than baseUrl", async () => {
    const seen: string[] = [];
    server.use(
      http.get(
        `${GATEWAY_GITLAB_API}/projects/ops%2Fdeploy/merge_requests`,
        ({ request }) => {
          seen.push(new URL(request.url).host);
          return HttpResponse.json([gitlabMergeRequest(4)]);
        },
      ),
    );
    const mrs = await createTestService().listOpenPullRequests(
      'https://gitlab.internal.example/ops/deploy',
    );
    expect(seen).toEqual(['gitlab-api.example.net']);
    expect(mrs.map(mr => mr.number)).toEqual([4]);
  });

  it('answers a 429 with RateLimitedError at Retry-After, without retrying', async () => {
    let calls = 0;
    server.use(
      http.get(MRS, () => {
        calls += 1;
        return HttpResponse.json(
          { message: 'Retry later' },
          {
            status: 429,
            headers: { 'retry-after': '90', 'ratelimit-remaining': '0' },
          },
        );
      }),
    );
    const before = Date.now();
    const error = await listFailure(REPO);
    const after = Date.now();
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.resetAt.getTime()).toBeGreaterThanOrEqual(before + 90_000);
    expect(error.resetAt.getTime()).toBeLessThanOrEqual(after + 90_000);
    expect(calls).toBe(1);
  });

  it('answers a 429 with RateLimit-Reset only with that reset time', async () => {
    const reset = Math.floor(Date.now() / 1000) + 600;
    server.use(
      jsonGet(
        MRS,
        429,
        { message: 'Retry later' },
        { 'ratelimit-reset': String(reset) },
      ),
    );
    const error = await listFailure(REPO);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.resetAt).toEqual(new Date(reset * 1000));
  });

  it('answers a 5xx and a network failure with ServiceUnavailableError', async () => {
    server.use(
      http.get(MRS, () => HttpResponse.text('Bad gateway', { status: 502 })),
    );
    const service = createTestService();
    await expect(service.listOpenPullRequests(REPO)).rejects.toMatchObject({
      name: 'ServiceUnavailableError',
      message: expect.stringContaining('(502)'),
    });
    server.use(http.get(MRS, () => HttpResponse.error()));
    await expect(service.listOpenPullRequests(REPO)).rejects.toMatchObject({
      name: 'ServiceUnavailableError',
      message: expect.stringContaining('could not be reached'),
    });
  });
});
