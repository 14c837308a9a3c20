import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import {
  type Sandbox,
  sandboxBackstageConfig,
  startSandbox,
} from '@kargo-backstage/kargo-sandbox';
import { RateLimitedError } from './errors';
import { createPullRequestService } from './PullRequestService';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

// Against the real sandbox (its GitHub and GitLab fakes over loopback HTTP),
// on the demo scenarios other packages rely on.
describe('PullRequestService against the sandbox', () => {
  let sandbox: Sandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, controller: false });
  });

  afterAll(async () => {
    await sandbox?.stop();
  });

  function createService() {
    return createPullRequestService({
      config: new ConfigReader(sandboxBackstageConfig(sandbox)),
      logger: mockServices.logger.mock(),
    });
  }

  it('reclaims the existing MR !7 of payments/deploy (release/payments-prod -> main)', async () => {
    const service = createService();
    const result = await service.openOrReclaim({
      repoUrl: 'https://gitlab.example.com/payments/deploy',
      sourceBranch: 'release/payments-prod',
      targetBranch: 'main',
      title: 'Promote humble-crane to prod',
    });
    expect(result).toEqual({
      number: 7,
      url: expect.stringMatching(/\/payments\/deploy\/-\/merge_requests\/7$/),
      reclaimed: true,
    });
  });

  it('lists the open MRs of payments/deploy, !7 included and merged/closed ones not', async () => {
    const mrs = await createService().listOpenPullRequests(
      'https://gitlab.example.com/payments/deploy.git',
    );
    expect(mrs).toContainEqual(
      expect.objectContaining({
        provider: 'gitlab',
        repoUrl: 'https://gitlab.example.com/payments/deploy',
        number: 7,
        state: 'open',
        sourceBranch: 'release/payments-prod',
        targetBranch: 'main',
      }),
    );
    expect(mrs.map(mr => mr.number)).not.toContain(5);
    expect(mrs.map(mr => mr.number)).not.toContain(6);
  });

  it('lists the open PRs #41 and #42 of acme/checkout-deploy, and answers the next listing from 304s', async () => {
    const service = createService();
    const repo = 'https://github.com/acme/checkout-deploy';
    const first = await service.listOpenPullRequests(repo);
    expect(first.map(pr => pr.number)).toEqual(
      expect.arrayContaining([41, 42]),
    );
    expect(first.every(pr => pr.state === 'open')).toBe(true);

    const second = await service.listOpenPullRequests(repo);
    expect(second).toEqual(first);
    expect(service.stats().notModified).toBeGreaterThanOrEqual(1);
  });

  it('reclaims the open PR #42 when opening its branch again', async () => {
    const result = await createService().openOrReclaim({
      repoUrl: 'https://github.com/acme/checkout-deploy',
      sourceBranch: 'kargo/promotion/prod.01m8hgqdq0c21c0qszc9tqpch8.a7a0322',
      targetBranch: 'stage/prod',
      title: 'Promote to prod',
      description: 'Opened again by Kargo for Backstage',
    });
    expect(result).toEqual({
      number: 42,
      url: 'https://github.com/acme/checkout-deploy/pull/42',
      reclaimed: true,
    });
  });

  it('creates a PR for a new branch, then reclaims it on the second open', async () => {
    const service = createService();
    const request = {
      repoUrl: 'https://github.com/acme/checkout-deploy',
      sourceBranch: 'kargo/promotion/dev.sandbox-test',
      targetBranch: 'stage/dev',
      title: 'Promote to dev',
    };
    const first = await service.openOrReclaim(request);
    expect(first.reclaimed).toBe(false);
    await expect(service.openOrReclaim(request)).resolves.toEqual({
      ...first,
      reclaimed: true,
    });
  });

  it('reports an exhausted GitHub rate limit as RateLimitedError', async () => {
    sandbox.git.setGitHubRateLimit(0);
    try {
      const error = await createService()
        .listOpenPullRequests('https://github.com/acme/checkout-deploy')
        .catch(e => e);
      expect(error).toBeInstanceOf(RateLimitedError);
      expect(error.resetAt.getTime()).toBeGreaterThan(Date.now() - 1000);
    } finally {
      sandbox.git.setGitHubRateLimit(5000, { resetUsage: true });
    }
  });
});
