import { registerMswTestHooks } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RateLimitedError } from '../errors';
import {
  createTestService,
  GHE_API,
  GHE_TOKEN,
  GITHUB_API,
  GITHUB_TOKEN,
  githubPull,
  jsonGet,
  listFailure,
} from '../__testUtils__/fixtures';

const server = setupServer();
registerMswTestHooks(server);

const PULLS = `${GITHUB_API}/repos/acme/checkout-deploy/pulls`;
const REPO = 'https://github.com/acme/checkout-deploy';

/** Three pages of open pull requests, each with its own ETag. */
function paginatedPulls(
  seen: Array<{ page: number; ifNoneMatch: string | null }>,
) {
  const pages: Record<number, ReturnType<typeof githubPull>[]> = {
    1: [githubPull(1), githubPull(2)],
    2: [githubPull(3)],
    3: [githubPull(4)],
  };
  return http.get(PULLS, ({ request }) => {
    const url = new URL(request.url);
    const page = Number(url.searchParams.get('page') ?? '1');
    const ifNoneMatch = request.headers.get('if-none-match');
    seen.push({ page, ifNoneMatch });
    const etag = `W/"etag-page-${page}"`;
    if (ifNoneMatch === etag) {
      return new HttpResponse(null, { status: 304, headers: { etag } });
    }
    const headers: Record<string, string> = { etag };
    if (page < 3) {
      headers.link = `<${PULLS}?state=open&per_page=100&page=${
        page + 1
      }>; rel="next", <${PULLS}?state=open&per_page=100&page=3>; rel="last"`;
    }
    return HttpResponse.json(pages[page], { headers });
  });
}

describe('GitHub pull requests', () => {
  describe('listOpenPullRequests', () => {
    it('reads every page and maps each pull request', async () => {
      const seen: Array<{ page: number; ifNoneMatch: string | null }> = [];
      server.use(paginatedPulls(seen));
      const service = createTestService();

      const prs = await service.listOpenPullRequests(`${REPO}.git`);

      expect(prs.map(pr => pr.number)).toEqual([1, 2, 3, 4]);
      expect(seen.map(s => s.page)).toEqual([1, 2, 3]);
      expect(prs[0]).toEqual({
        provider: 'github',
        repoUrl: REPO,
        number: 1,
        title: 'Promote #1',
        url: 'https://github.com/acme/checkout-deploy/pull/1',
        state: 'open',
        sourceBranch: 'kargo/promotion/prod.1',
        targetBranch: 'main',
        headSha: 'sha1',
        author: 'kargo-bot',
        createdAt: '2026-11-30T10:00:00Z',
        fromFork: false,
      });
    });

    it('sends If-None-Match on the next listing and reuses pages answered 304', async () => {
      const seen: Array<{ page: number; ifNoneMatch: string | null }> = [];
      server.use(paginatedPulls(seen));
      const service = createTestService();

      const first = await service.listOpenPullRequests(REPO);
      const second = await service.listOpenPullRequests(REPO);

      expect(second).toEqual(first);
      expect(seen.slice(3)).toEqual([
        { page: 1, ifNoneMatch: 'W/"etag-page-1"' },
        { page: 2, ifNoneMatch: 'W/"etag-page-2"' },
        { page: 3, ifNoneMatch: 'W/"etag-page-3"' },
      ]);
      expect(service.stats()).toMatchObject({ github: 6, notModified: 3 });
    });

    it('sends the integration token', async () => {
      let authorization: string | null = null;
      server.use(
        http.get(PULLS, ({ request }) => {
          authorization = request.headers.get('authorization');
          return HttpResponse.json([]);
        }),
      );
      await createTestService().listOpenPullRequests(REPO);
      expect(authorization).toBe(`token ${GITHUB_TOKEN}`);
    });

    it('uses the apiBaseUrl and token of a GitHub Enterprise integration', async () => {
      let authorization: string | null = null;
      server.use(
        http.get(`${GHE_API}/repos/platform/deploy/pulls`, ({ request }) => {
          authorization = request.headers.get('authorization');
          return HttpResponse.json([
            githubPull(9, { owner: 'platform', repo: 'deploy' }),
          ]);
        }),
      );
      const prs = await createTestService().listOpenPullRequests(
        'https://GHE.example.com/platform/deploy',
      );
      expect(authorization).toBe(`token ${GHE_TOKEN}`);
      expect(prs).toEqual([
        expect.objectContaining({
          provider: 'github',
          repoUrl: 'https://ghe.example.com/platform/deploy',
          number: 9,
        }),
      ]);
    });

    it('answers a 403 with x-ratelimit-remaining 0 with RateLimitedError at x-ratelimit-reset', async () => {
      const reset = Math.floor(Date.now() / 1000) + 1800;
      server.use(
        jsonGet(
          PULLS,
          403,
          { message: 'API rate limit exceeded for installation ID 1.' },
          {
            'x-ratelimit-remaining': '0',
            'x-ratelimit-reset': String(reset),
          },
        ),
      );
      const error = await listFailure(REPO);
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error.name).toBe('RateLimitedError');
      expect(error.resetAt).toEqual(new Date(reset * 1000));
      expect(error.message).toMatch(
        /^GitHub github.com: rate limited until \d\d:\d\d UTC/,
      );
    });

    it('answers a 429 with retry-after with RateLimitedError, without waiting or retrying', async () => {
      let calls = 0;
      server.use(
        http.get(PULLS, () => {
          calls += 1;
          return HttpResponse.json(
            { message: 'You have exceeded a secondary rate limit.' },
            { status: 429, headers: { 'retry-after': '120' } },
          );
        }),
      );
      const before = Date.now();
      const error = await listFailure(REPO);
      const after = Date.now();
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error.resetAt.getTime()).toBeGreaterThanOrEqual(before + 120_000);
      expect(error.resetAt.getTime()).toBeLessThanOrEqual(after + 120_000);
      expect(calls).toBe(1);
    });

    it('retries a 5xx, then answers ServiceUnavailableError', async () => {
      let calls = 0;
      server.use(
        http.get(PULLS, () => {
          calls += 1;
          return HttpResponse.json(
            { message: 'Server Error' },
            { status: 502 },
          );
        }),
      );
      await expect(
        createTestService().listOpenPullRequests(REPO),
      ).rejects.toMatchObject({ name: 'ServiceUnavailableError' });
      expect(calls).toBe(2);
    });

    it('answers a network failure with ServiceUnavailableError', async () => {
      server.use(http.get(PULLS, () => HttpResponse.error()));
      await expect(
        createTestService().listOpenPullRequests(REPO),
      ).rejects.toMatchObject({
        name: 'ServiceUnavailableError',
        message: expect.stringContaining('GitHub github.com'),
      });
    });

    it('rejects a GitHub URL that is not owner/repository', async () => {
      await expect(
        createTestService().listOpenPullRequests('https://github.com/acme/x/y'),
      ).rejects.toMatchObject({ name: 'InputError' });
    });
  });
});
