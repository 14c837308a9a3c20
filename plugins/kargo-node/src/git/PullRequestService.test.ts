import { registerMswTestHooks } from '@backstage/backend-test-utils';
import { GithubCredentialsProvider } from '@backstage/integration';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RateLimitedError } from './errors';
import {
  createTestService,
  GITHUB_API,
  GITLAB_API,
  githubPull,
  gitlabMergeRequest,
} from './__testUtils__/fixtures';

const server = setupServer();
registerMswTestHooks(server);

const PULLS = `${GITHUB_API}/repos/acme/checkout-deploy/pulls`;
const REPO = 'https://github.com/acme/checkout-deploy';

describe('createPullRequestService', () => {
  it('reports a host with no integration as InputError, for that repository only', async () => {
    server.use(http.get(PULLS, () => HttpResponse.json([githubPull(1)])));
    const service = createTestService();

    await expect(
      service.listOpenPullRequests('https://gitea.example.com/acme/deploy'),
    ).rejects.toMatchObject({
      name: 'InputError',
      message:
        'No Git provider integration is configured for host gitea.example.com',
    });
    await expect(service.listOpenPullRequests(REPO)).resolves.toHaveLength(1);
  });

  it('rejects a malformed repository URL with InputError', async () => {
    await expect(
      createTestService().listOpenPullRequests('not a url'),
    ).rejects.toMatchObject({ name: 'InputError' });
  });

  it('chooses the provider by host', async () => {
    server.use(
      http.get(PULLS, () => HttpResponse.json([githubPull(1)])),
      http.get(`${GITLAB_API}/projects/payments%2Fdeploy/merge_requests`, () =>
        HttpResponse.json([gitlabMergeRequest(7)]),
      ),
    );
    const service = createTestService();
    const [github, gitlab] = await Promise.all([
      service.listOpenPullRequests(REPO),
      service.listOpenPullRequests('https://gitlab.com/payments/deploy'),
    ]);
    expect(github.map(pr => [pr.provider, pr.number])).toEqual([['github', 1]]);
    expect(gitlab.map(pr => [pr.provider, pr.number])).toEqual([['gitlab', 7]]);
    expect(service.stats()).toMatchObject({ github: 1, gitlab: 1 });
  });

  it('shares one listing between concurrent callers of the same repository', async () => {
    let calls = 0;
    server.use(
      http.get(PULLS, () => {
        calls += 1;
        return HttpResponse.json([githubPull(1)]);
      }),
    );
    const service = createTestService();
    const results = await Promise.all([
      service.listOpenPullRequests(REPO),
      service.listOpenPullRequests(`${REPO}.git`),
      service.listOpenPullRequests(`${REPO}/`),
    ]);
    expect(calls).toBe(1);
    expect(results[1]).toEqual(results[0]);
  });

  it('after a rate limit, refuses calls for that GitHub owner until the reset without sending them', async () => {
    const reset = Math.floor(Date.now() / 1000) + 3600;
    let calls = 0;
    server.use(
      http.get(PULLS, () => {
        calls += 1;
        return HttpResponse.json(
          { message: 'API rate limit exceeded' },
          {
            status: 403,
            headers: {
              'x-ratelimit-remaining': '0',
              'x-ratelimit-reset': String(reset),
            },
          },
        );
      }),
      http.get(`${GITLAB_API}/projects/payments%2Fdeploy/merge_requests`, () =>
        HttpResponse.json([]),
      ),
      http.get(`${GITHUB_API}/repos/globex/deploy/pulls`, () =>
        HttpResponse.json([githubPull(3, { owner: 'globex', repo: 'deploy' })]),
      ),
    );
    const service = createTestService();
    const first = await service.listOpenPullRequests(REPO).catch(e => e);
    expect(first).toBeInstanceOf(RateLimitedError);

    const second = await service
      .listOpenPullRequests('https://github.com/acme/other')
      .catch(e => e);
    expect(second).toBeInstanceOf(RateLimitedError);
    expect(second.resetAt).toEqual(new Date(reset * 1000));
    // Refused locally, in the same words and with the same reason code as
    // GitHub's own 403 rate limit answer.
    const resetTime = new Date(reset * 1000).toISOString();
    const reason = {
      code: 'gitRateLimited',
      params: { provider: 'GitHub', host: 'github.com', resetTime },
    };
    expect(first).toMatchObject(reason);
    expect(second).toMatchObject(reason);
    expect(second.message).toBe(first.message);
    expect(second.message).toBe(
      `GitHub github.com: rate limited until ${resetTime.slice(
        11,
        16,
      )} UTC; caused by Error: HTTP 403: API rate limit exceeded`,
    );
    expect(calls).toBe(1);
    expect(service.stats()).toMatchObject({ github: 1, rateLimited: 2 });
    // Another host, and another owner (its own App installation token), are
    // not affected.
    await expect(
      service.listOpenPullRequests('https://gitlab.com/payments/deploy'),
    ).resolves.toEqual([]);
    await expect(
      service.listOpenPullRequests('https://github.com/globex/deploy'),
    ).resolves.toHaveLength(1);
  });

  it('asks the credentials provider per call and rebuilds the client when the token rotates', async () => {
    const tokens = ['app-token-1', 'app-token-1', 'app-token-2'];
    const credentialsProvider: GithubCredentialsProvider = {
      getCredentials: jest.fn(async () => ({
        type: 'app' as const,
        token: tokens.shift(),
        headers: {},
      })),
    };
    const seen: Array<string | null> = [];
    server.use(
      http.get(PULLS, ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json([]);
      }),
    );
    const service = createTestService({
      githubCredentialsProvider: credentialsProvider,
    });
    for (let i = 0; i < 3; i += 1) {
      await service.listOpenPullRequests(REPO);
    }
    expect(seen).toEqual([
      'token app-token-1',
      'token app-token-1',
      'token app-token-2',
    ]);
    expect(credentialsProvider.getCredentials).toHaveBeenCalledWith({
      url: 'https://github.com/acme',
    });
  });

  it('reports an owner the credentials provider has no credentials for as ServiceUnavailableError', async () => {
    const service = createTestService({
      githubCredentialsProvider: {
        getCredentials: async () => {
          throw new Error('No app installation found for owner acme');
        },
      },
    });
    await expect(service.listOpenPullRequests(REPO)).rejects.toMatchObject({
      name: 'ServiceUnavailableError',
      message: expect.stringContaining('has no credentials for acme'),
    });
  });

  it('sends requests through fetchApiOverride when given', async () => {
    const calls: string[] = [];
    const service = createTestService({
      fetchApiOverride: {
        fetch: async (input, init) => {
          calls.push(String(input instanceof Request ? input.url : input));
          return globalThis.fetch(input, init);
        },
      },
    });
    server.use(
      http.get(PULLS, () => HttpResponse.json([])),
      http.get(`${GITLAB_API}/projects/payments%2Fdeploy/merge_requests`, () =>
        HttpResponse.json([]),
      ),
    );
    await service.listOpenPullRequests(REPO);
    await service.listOpenPullRequests('https://gitlab.com/payments/deploy');
    expect(calls).toEqual([
      expect.stringContaining(`${PULLS}?state=open`),
      expect.stringContaining(
        `${GITLAB_API}/projects/payments%2Fdeploy/merge_requests?`,
      ),
    ]);
  });
});
