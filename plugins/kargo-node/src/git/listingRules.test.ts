import {
  errorWithReason,
  type OpenPullRequest,
} from '@kargo-backstage/plugin-kargo-common';
import { RateLimitedError } from './errors';
import { withListingRules } from './listingRules';

const REPO = 'https://github.com/acme/checkout-deploy';
const pr = { number: 7, url: `${REPO}/pull/7` } as OpenPullRequest;

function setup() {
  const listOpenPullRequests = jest.fn(
    async (_repoUrl: string): Promise<OpenPullRequest[]> => [pr],
  );
  const service = withListingRules(
    { listOpenPullRequests, openOrReclaim: jest.fn() },
    { concurrency: 2 },
  );
  return { service, listOpenPullRequests };
}

describe('withListingRules', () => {
  it('answers a rate limit as data, with the reset time and the last good list', async () => {
    const { service, listOpenPullRequests } = setup();
    await service.listRepository(REPO);
    const resetAt = new Date('2030-01-01T10:15:00Z');
    listOpenPullRequests.mockRejectedValueOnce(
      new RateLimitedError({ provider: 'GitHub', host: 'github.com', resetAt }),
    );
    await expect(service.listRepository(`${REPO}.git`)).resolves.toEqual({
      pullRequests: [pr],
      error: {
        repoUrl: `${REPO}.git`,
        message: 'GitHub github.com: rate limited until 10:15 UTC',
        rateLimitedUntil: '2030-01-01T10:15:00.000Z',
        code: 'gitRateLimited',
        params: {
          provider: 'GitHub',
          host: 'github.com',
          resetTime: '2030-01-01T10:15:00.000Z',
        },
      },
    });
  });

  it('answers any other failure as data, and forgets the last good list on request', async () => {
    const { service, listOpenPullRequests } = setup();
    await service.listRepository(REPO);
    service.forget(REPO);
    listOpenPullRequests.mockRejectedValueOnce(new Error('boom'));
    await expect(service.listRepository(REPO)).resolves.toEqual({
      pullRequests: [],
      error: { repoUrl: REPO, message: 'boom', rateLimitedUntil: null },
    });
  });

  it("keeps the provider's reason code on the listing's error, for the UI to word", async () => {
    const { service, listOpenPullRequests } = setup();
    const forbidden = errorWithReason(Error, {
      code: 'gitForbidden',
      params: {
        provider: 'GitHub',
        host: 'github.com',
        repo: REPO,
        detail: 'Resource not accessible by integration',
      },
    });
    listOpenPullRequests.mockRejectedValueOnce(forbidden);
    await expect(service.listRepository(REPO)).resolves.toEqual({
      pullRequests: [],
      error: {
        repoUrl: REPO,
        message: forbidden.message,
        rateLimitedUntil: null,
        code: 'gitForbidden',
        params: expect.objectContaining({ host: 'github.com', repo: REPO }),
      },
    });
  });

  it('shares a listing under way, and sends at most `concurrency` at once', async () => {
    const { service, listOpenPullRequests } = setup();
    let running = 0;
    let most = 0;
    listOpenPullRequests.mockImplementation(async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise(resolve => setImmediate(resolve));
      running -= 1;
      return [pr];
    });
    const repos = ['a', 'b', 'c', 'd'].map(r => `https://github.com/acme/${r}`);
    await Promise.all([
      ...repos.map(r => service.listRepository(r)),
      service.listOpenPullRequests(repos[0]),
    ]);
    expect(listOpenPullRequests).toHaveBeenCalledTimes(4);
    expect(most).toBe(2);
  });
});
