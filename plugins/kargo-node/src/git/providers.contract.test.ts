import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { serializeError } from '@backstage/errors';
import {
  pullRequestReference,
  pullRequestTerms,
} from '@kargo-backstage/plugin-kargo-common';
import {
  type Sandbox,
  sandboxBackstageConfig,
  startSandbox,
} from '@kargo-backstage/kargo-sandbox';
import { RateLimitedError } from './errors';
import { createPullRequestService } from './PullRequestService';

// Real servers (the sandbox) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

/** What differs between providers; everything else is the one contract. */
interface ProviderCase {
  /** GitProvider.name, and the sandbox fake answering for it. */
  name: 'github' | 'gitlab' | 'bitbucket';
  host: string;
  /** The web path of PR/MR 7 under the repository. */
  webPath: string;
  /** How the provider writes 7's short reference. */
  reference: string;
  /** How messages name the provider. */
  label: string;
  /** A pull request event of its webhooks, for `https://<host>/acme/<repo>`. */
  webhook: (repoUrl: string) => { topic: string; payload: unknown };
  /** Replaces the integration's token in the sandbox config. */
  withToken: (config: any, token: string) => void;
}

const CASES: ProviderCase[] = [
  {
    name: 'github',
    label: 'GitHub',
    reference: '#7',
    host: 'github.com',
    webPath: '/pull/7',
    webhook: repoUrl => ({
      topic: 'github.pull_request',
      payload: { action: 'closed', repository: { html_url: repoUrl } },
    }),
    withToken: (config, token) => {
      config.integrations.github[0].token = token;
    },
  },
  {
    name: 'gitlab',
    label: 'GitLab',
    reference: '!7',
    host: 'gitlab.example.com',
    webPath: '/-/merge_requests/7',
    webhook: repoUrl => ({
      topic: 'gitlab.merge_request',
      payload: { object_kind: 'merge_request', project: { web_url: repoUrl } },
    }),
    withToken: (config, token) => {
      config.integrations.gitlab[0].token = token;
    },
  },
  {
    name: 'bitbucket',
    label: 'Bitbucket Cloud',
    reference: '#7',
    host: 'bitbucket.org',
    webPath: '/pull-requests/7',
    webhook: repoUrl => ({
      topic: 'bitbucketCloud.pullrequest:rejected',
      payload: { repository: { links: { html: { href: repoUrl } } } },
    }),
    withToken: (config, token) => {
      config.integrations.bitbucketCloud[0].token = token;
    },
  },
];

// The one contract of GitProvider (GitProvider.ts), run over every provider
// against its fake in the sandbox over loopback HTTP.
describe.each(CASES)('GitProvider contract: $name', c => {
  let sandbox: Sandbox;
  let repoCount = 0;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, controller: false });
  });

  afterAll(async () => {
    await sandbox?.stop();
  });

  afterEach(() => {
    sandbox.git.clearFaults();
  });

  function createService(token?: string) {
    const config: any = sandboxBackstageConfig(sandbox);
    if (token) c.withToken(config, token);
    return createPullRequestService({
      config: new ConfigReader(config),
      logger: mockServices.logger.mock(),
      githubRetry: { retries: 0, retryAfterBaseValue: 1 },
    });
  }

  /** A fresh repository of this provider in the sandbox, with `open` open PRs. */
  function seedRepository(open: number) {
    repoCount += 1;
    const repoUrl = `https://${c.host}/acme/contract-${repoCount}`;
    sandbox.git.ensureRepository(repoUrl, c.name);
    for (let i = 1; i <= open; i += 1) {
      sandbox.git.openPullRequest({
        repoURL: repoUrl,
        sourceBranch: `kargo/promotion/dev.${i}`,
        targetBranch: 'stage/dev',
        title: `Promote ${i}`,
      });
    }
    return repoUrl;
  }

  function provider() {
    return createService().providers.providerFor(c.host);
  }

  it('is chosen by the host of its integration and words its PRs its own way', () => {
    const p = provider();
    expect(p.name).toBe(c.name);
    expect(p.terms).toEqual(pullRequestTerms(c.name));
    expect(pullRequestReference(p.name, 7)).toBe(c.reference);
  });

  it('lists every open PR of every page, and none that is merged or closed', async () => {
    const repoUrl = seedRepository(101);
    sandbox.git.merge(repoUrl, 1);
    const repo = sandbox.git.findRepository(
      c.name,
      repoUrl.split(`${c.host}/`)[1],
    )!;
    sandbox.git.update(repo, 2, { state: 'closed' });

    const prs = await createService().listOpenPullRequests(`${repoUrl}.git`);

    expect(prs).toHaveLength(99);
    expect(prs.map(pr => pr.number)).not.toContain(1);
    expect(prs.map(pr => pr.number)).not.toContain(2);
    expect(prs.find(pr => pr.number === 7)).toEqual({
      provider: c.name,
      repoUrl,
      number: 7,
      title: 'Promote 7',
      url: `${repoUrl}${c.webPath}`,
      state: 'open',
      sourceBranch: 'kargo/promotion/dev.7',
      targetBranch: 'stage/dev',
      headSha: expect.any(String),
      author: 'kargo-bot',
      createdAt: expect.any(String),
      fromFork: false,
    });
  });

  it("says which open PR comes from a fork (its source branch is not this repository's)", async () => {
    const repoUrl = seedRepository(1);
    const kinds = {
      github: 'GitHubPullRequest',
      gitlab: 'GitLabMergeRequest',
      bitbucket: 'BitbucketPullRequest',
    } as const;
    sandbox.git.addFromFixture({
      apiVersion: 'sandbox/v1',
      kind: kinds[c.name as keyof typeof kinds],
      metadata: { name: `fork-of-contract-${repoCount}` },
      spec: {
        repoURL: repoUrl,
        number: 50,
        title: 'Promote from a fork',
        state: 'open',
        sourceBranch: 'kargo/promotion/dev.1',
        targetBranch: 'stage/dev',
        headSha: 'f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0',
        author: 'outsider',
        createdAt: '2024-05-01T00:00:00Z',
        headRepo: 'outsider/contract-fork',
      },
    });
    const prs = await createService().listOpenPullRequests(repoUrl);
    expect(
      prs.map(pr => [pr.number, pr.sourceBranch, pr.fromFork]).sort(),
    ).toEqual([
      [1, 'kargo/promotion/dev.1', false],
      [50, 'kargo/promotion/dev.1', true],
    ]);
  });

  it('opens a PR for a new branch, then reclaims (and retitles) it', async () => {
    const repoUrl = seedRepository(1);
    const service = createService();
    const request = {
      repoUrl,
      sourceBranch: 'kargo/promotion/prod.new',
      targetBranch: 'stage/prod',
      title: 'Promote to prod',
      description: 'Opened by Kargo for Backstage',
    };
    const first = await service.openOrReclaim(request);
    expect(first).toEqual({
      number: 2,
      url: `${repoUrl}${c.webPath.replace('7', '2')}`,
      reclaimed: false,
    });

    const again = await service.openOrReclaim({
      ...request,
      title: 'Retitled',
    });
    expect(again).toEqual({ ...first, reclaimed: true });
    const listed = await service.listOpenPullRequests(repoUrl);
    expect(listed.find(pr => pr.number === 2)?.title).toBe('Retitled');
  });

  it('opens a new PR rather than reclaim a closed one of the same branches', async () => {
    const repoUrl = seedRepository(1);
    const service = createService();
    await service.closePullRequest(repoUrl, 1);
    const result = await service.openOrReclaim({
      repoUrl,
      sourceBranch: 'kargo/promotion/dev.1',
      targetBranch: 'stage/dev',
      title: 'Promote 1 again',
    });
    expect(result).toMatchObject({ number: 2, reclaimed: false });
  });

  it('closes an open PR: it is no longer listed, and the host has it closed', async () => {
    const repoUrl = seedRepository(2);
    const service = createService();
    await service.closePullRequest(repoUrl, 1);

    const open = await service.listOpenPullRequests(repoUrl);
    expect(open.map(pr => pr.number)).toEqual([2]);
    expect(sandbox.git.list(repoUrl).find(pr => pr.number === 1)?.state).toBe(
      'closed',
    );
  });

  it('deletes a branch, and answers NotFoundError for one that is gone', async () => {
    const repoUrl = seedRepository(1);
    const service = createService();
    const repo = sandbox.git.findRepository(
      c.name,
      repoUrl.split(`${c.host}/`)[1],
    )!;
    expect(sandbox.git.branchNames(repo)).toContain('kargo/promotion/dev.1');

    await service.deleteBranch(repoUrl, 'kargo/promotion/dev.1');

    expect(sandbox.git.branchNames(repo)).not.toContain(
      'kargo/promotion/dev.1',
    );
    await expect(
      service.deleteBranch(repoUrl, 'kargo/promotion/dev.1'),
    ).rejects.toMatchObject({ name: 'NotFoundError', code: 'gitNotFound' });
  });

  it('answers a repository the host does not know with NotFoundError', async () => {
    const repoUrl = `https://${c.host}/acme/missing`;
    await expect(
      createService().listOpenPullRequests(repoUrl),
    ).rejects.toMatchObject({
      name: 'NotFoundError',
      code: 'gitNotFound',
      message: expect.stringContaining(
        `Repository ${repoUrl} not found or not visible to the integration ${c.host}`,
      ),
    });
  });

  it('answers a rejected token with ServiceUnavailableError naming the integration, never the token', async () => {
    const repoUrl = seedRepository(1);
    const error = await createService('wrong-token-1234')
      .listOpenPullRequests(repoUrl)
      .catch(e => e);
    expect(error).toMatchObject({
      name: 'ServiceUnavailableError',
      code: 'gitUnauthorized',
      message: expect.stringContaining(
        `${c.label} rejected the credentials of the integration ${c.host}`,
      ),
    });
    expect(JSON.stringify(serializeError(error))).not.toContain(
      'wrong-token-1234',
    );
  });

  it('answers a rate limit with RateLimitedError, then refuses calls until the reset without sending them, worded alike', async () => {
    const repoUrl = seedRepository(1);
    const service = createService();
    sandbox.git.setFault({
      provider: c.name,
      status: 429,
      headers: { 'retry-after': '120' },
      times: 1,
    });
    const first = await service.listOpenPullRequests(repoUrl).catch(e => e);
    expect(first).toBeInstanceOf(RateLimitedError);
    expect(first.resetAt.getTime()).toBeGreaterThan(Date.now() + 60_000);

    const before = sandbox.git.requests().length;
    const second = await service.listOpenPullRequests(repoUrl).catch(e => e);
    expect(second).toBeInstanceOf(RateLimitedError);
    expect(sandbox.git.requests()).toHaveLength(before);
    // The local refusal is the provider's answer again: code, params, words.
    const reason = {
      code: 'gitRateLimited',
      params: {
        provider: c.label,
        host: c.host,
        resetTime: first.resetAt.toISOString(),
      },
    };
    expect(first).toMatchObject(reason);
    expect(second).toMatchObject(reason);
    expect(second.message).toBe(first.message);
    expect(first.message).toMatch(
      new RegExp(
        `^${c.label} ${c.host}: rate limited until \\d\\d:\\d\\d UTC(;|$)`,
      ),
    );
    expect(serializeError(second)).toMatchObject(reason);
  });

  it("parses its webhook's pull request event as the repository to re-list", () => {
    const repoUrl = `https://${c.host}/acme/contract`;
    const { topic, payload } = c.webhook(repoUrl);
    const registry = createService().providers;

    expect(provider().webhookTopics).toContain(topic);
    expect(registry.webhookTopics()).toContain(topic);
    expect(registry.parseWebhookEvent(topic, payload)).toEqual({ repoUrl });
    expect(
      registry.parseWebhookEvent(topic, { nothing: true }),
    ).toBeUndefined();
    expect(registry.parseWebhookEvent(topic, null)).toBeUndefined();
  });

  it("ignores its webhook's event naming another provider's repository (each provider's webhooks have their own secret, or none)", () => {
    const registry = createService().providers;
    for (const other of CASES.filter(o => o.name !== c.name)) {
      const { topic, payload } = c.webhook(`https://${other.host}/acme/x`);
      expect(registry.parseWebhookEvent(topic, payload)).toBeUndefined();
    }
    const { topic, payload } = c.webhook('not a repository');
    expect(registry.parseWebhookEvent(topic, payload)).toBeUndefined();
  });

  it("ignores its webhook's event naming a repository URL longer than 2048 characters (an unsigned payload may carry megabytes)", () => {
    const registry = createService().providers;
    const long = `https://${c.host}/acme/${'r'.repeat(5_000_000)}`;
    const { topic, payload } = c.webhook(long);
    expect(registry.parseWebhookEvent(topic, payload)).toBeUndefined();
  });
});
