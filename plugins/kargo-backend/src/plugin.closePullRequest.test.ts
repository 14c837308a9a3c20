import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  DEMO_FIXTURES_DIR,
  DEMO_TOKENS,
  LARGE_FIXTURES_DIR,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import request from 'supertest';
import {
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from './__testUtils__/backend';

// Real servers (the sandbox's cluster and Git fakes, a backend).
jest.setTimeout(60_000);

const GITHUB = 'https://github.com/acme/checkout-deploy';
const GITLAB = 'https://gitlab.example.com/payments/deploy';
const BITBUCKET = 'https://bitbucket.org/acme/ledger-deploy';

/**
 * Closing orphaned PRs/MRs from the tab, on the demo's three providers: the
 * portal closes (and deletes the Promotion's branch) only what the Stage's
 * own objects and the provider's listing say is an orphan of that Stage;
 * every refusal writes nothing at the Git fakes.
 */
describe('POST /projects/:project/stages/:stage/pull-requests/close', () => {
  let sandbox: Sandbox;
  let backend: KargoTestBackend;
  let gitlabPromotionBranch: string;

  const close = (
    project: string,
    stage: string,
    body: Record<string, unknown>,
  ) =>
    request(backend.server)
      .post(
        `/api/kargo/projects/${project}/stages/${stage}/pull-requests/close`,
      )
      .set('authorization', user())
      .send(body);
  const gitWrites = () =>
    sandbox.faults
      .requests()
      .filter(r => r.api !== 'kubernetes' && r.method !== 'GET').length;
  const pr = (repoUrl: string, number: number) =>
    sandbox.git.list(repoUrl).find(p => p.number === number)!;
  const branches = (repoUrl: string) => {
    const [host, ...path] = repoUrl.replace('https://', '').split('/');
    const provider =
      (['github', 'gitlab'] as const).find(p => host.startsWith(p)) ??
      'bitbucket';
    return sandbox.git.branchNames(
      sandbox.git.findRepository(provider, path.join('/'))!,
    );
  };

  beforeAll(async () => {
    sandbox = await startSandbox({
      port: 0,
      tokens: DEMO_TOKENS,
      controller: false,
      fixtures: [DEMO_FIXTURES_DIR, LARGE_FIXTURES_DIR],
    });
    // A GitLab MR on a finished payments/prod Promotion's own branch, and a
    // fork's GitHub PR named like checkout/prod's orphaned branch.
    const promotions = sandbox.store.list(
      sandbox.registry.find('kargo.akuity.io', 'v1alpha1', 'promotions')!,
      'payments',
    );
    const finished = promotions.find(
      p =>
        (p.spec as any)?.stage === 'prod' &&
        ['Succeeded', 'Failed', 'Errored'].includes((p.status as any)?.phase),
    )!;
    gitlabPromotionBranch = `kargo/promotion/${finished.metadata.name}`;
    sandbox.git.addFromFixture({
      apiVersion: 'sandbox/v1',
      kind: 'GitLabMergeRequest',
      metadata: { name: 'payments-orphan' },
      spec: {
        repoURL: GITLAB,
        number: 20,
        title: 'Promote payments to prod',
        state: 'open',
        sourceBranch: gitlabPromotionBranch,
        targetBranch: 'main',
        headSha: 'a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1',
        author: 'kargo-bot',
        createdAt: '2026-11-30T12:00:00Z',
      },
    });
    sandbox.git.addFromFixture({
      apiVersion: 'sandbox/v1',
      kind: 'GitHubPullRequest',
      metadata: { name: 'checkout-fork' },
      spec: {
        repoURL: GITHUB,
        number: 60,
        title: 'Looks like a promotion',
        state: 'open',
        sourceBranch: pr(GITHUB, 41).sourceBranch,
        targetBranch: 'main',
        headSha: 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2',
        author: 'outsider',
        createdAt: '2026-11-30T12:00:00Z',
        headRepo: 'outsider/checkout-deploy',
      },
    });
    backend = await startKargoTestBackend({
      sandbox,
      entities: [],
    });
    await backend.refresh();
    await backend.refresh();
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });
  beforeEach(() => sandbox.faults.resetCounts());

  it('shows each orphan as closable on the Stage, with branch deletion for a Promotion branch', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages/prod')
      .set('authorization', user());
    const byNumber = Object.fromEntries(
      res.body.pullRequests.map((p: any) => [p.number, p]),
    );
    expect(byNumber[41]).toMatchObject({
      orphaned: true,
      fromFork: false,
      closable: 'closeAndDeleteBranch',
    });
    expect(byNumber[42]).toMatchObject({ orphaned: false });
    expect(byNumber[42].closable).toBeUndefined();
    // The fork's PR is not checkout/prod's at all.
    expect(byNumber[60]).toBeUndefined();
  });

  it.each([
    [
      'a Promotion waits on it',
      'checkout',
      'prod',
      GITHUB,
      42,
      409,
      'pullRequestWaitedOn',
    ],
    [
      "another Stage's PR",
      'checkout',
      'staging',
      GITHUB,
      41,
      404,
      'pullRequestNotOfStage',
    ],
    [
      "a fork's PR named like a promotion branch",
      'checkout',
      'prod',
      GITHUB,
      60,
      404,
      'pullRequestNotOfStage',
    ],
    [
      'a repository the Stage does not use',
      'checkout',
      'prod',
      BITBUCKET,
      2,
      404,
      'pullRequestNotOfStage',
    ],
    [
      "deleting a branch that is not one Promotion's own",
      'payments',
      'prod',
      GITLAB,
      7,
      409,
      'pullRequestBranchShared',
    ],
  ])(
    'refuses when %s, and writes nothing',
    async (_, project, stage, repoUrl, number, status, code) => {
      const res = await close(project, stage, {
        repoUrl,
        number,
        deleteBranch: true,
      });
      expect(res.status).toBe(status);
      expect(res.body.error.code).toBe(code);
      expect(gitWrites()).toBe(0);
      expect(pr(repoUrl as string, number as number).state).toBe('open');
    },
  );

  it('answers 400 for a body that does not name a PR, before any call', async () => {
    const res = await close('checkout', 'prod', {
      repoUrl: 'not a url',
      number: -1,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/repoUrl/);
    expect(sandbox.faults.requests()).toEqual([]);
  });

  it.each([
    ['GitHub', 'checkout', GITHUB, 41],
    ['GitLab', 'payments', GITLAB, 20],
    ['Bitbucket Cloud', 'ledger', BITBUCKET, 2],
  ])(
    'closes an orphan on %s and deletes its Promotion branch, as the portal, audited',
    async (_, project, repoUrl, number) => {
      const branch = pr(repoUrl, number).sourceBranch;
      expect(branches(repoUrl)).toContain(branch);
      const res = await close(project, 'prod', {
        repoUrl,
        number,
        deleteBranch: true,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        pullRequest: pr(repoUrl, number).webUrl,
        deletedBranch: branch,
        actedAs: 'portal',
      });
      expect(pr(repoUrl, number).state).toBe('closed');
      expect(branches(repoUrl)).not.toContain(branch);
      expect(gitWrites()).toBe(2);
      expect(backend.auditor.createEvent).toHaveBeenCalledWith(
        expect.objectContaining({
          eventId: 'kargo-pullrequest-close',
          meta: expect.objectContaining({ project, stage: 'prod', number }),
        }),
      );
    },
  );
});

describe('closing a PR without the permission', () => {
  it('answers 403 before any cluster or Git call', async () => {
    const backend = await startKargoTestBackend({
      result: AuthorizeResult.DENY,
      allowRead: true,
    });
    try {
      backend.sandbox.faults.resetCounts();
      const res = await request(backend.server)
        .post('/api/kargo/projects/checkout/stages/prod/pull-requests/close')
        .set('authorization', user())
        .send({ repoUrl: GITHUB, number: 41 });
      expect(res.status).toBe(403);
      // (The backend's own reads of the cluster go on; no Git call at all.)
      expect(
        backend.sandbox.faults.requests().filter(r => r.api !== 'kubernetes'),
      ).toEqual([]);
    } finally {
      await backend.stop();
    }
  });
});
