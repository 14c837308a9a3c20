import { createHmac } from 'node:crypto';
import request from 'supertest';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import { WEBHOOK_DEBOUNCE_MS } from '../../services/snapshot/webhooks';
import { gitWebhookFeatures } from './__testUtils__/eventsModules';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  type ReliabilityBackend,
} from './__testUtils__/harness';

// Real servers on a shared, loaded machine; one debounce window per test.
jest.setTimeout(60_000);

const GITHUB_SECRET = 'gh-webhook-secret-for-tests';
const GITLAB_SECRET = 'gl-webhook-secret-for-tests';
const GITHUB_REPO = 'https://github.com/acme/checkout-deploy';
const GITLAB_REPO = 'https://gitlab.example.com/payments/deploy';

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

/**
 * Git webhooks as a deployer sets them up (docs/webhooks.md): Backstage's
 * events backend with its GitHub and GitLab modules, which check the
 * signature (`events.modules.github.webhookSecret`) or token
 * (`events.modules.gitlab.webhookSecret`) before an event reaches the Kargo
 * plugin. Git requests are counted at the sandbox.
 */
describe('Git webhooks', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;

  beforeEach(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    backend = await startReliabilityBackend({
      sandbox,
      config: {
        ...kargoConfig(sandbox),
        events: {
          // One process: the in-process bus (the hub's long polls would hold stop()).
          useEventBus: 'never',
          modules: {
            github: { webhookSecret: GITHUB_SECRET },
            gitlab: { webhookSecret: GITLAB_SECRET },
          },
        },
      },
      features: gitWebhookFeatures(),
    });
    // The Stages are known and their repositories listed once.
    await backend.refresh();
    sandbox.faults.resetCounts();
  });
  afterEach(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  const githubEvent = (repo: string, sign: (body: string) => string) => {
    const body = JSON.stringify({
      action: 'closed',
      number: 1,
      repository: { html_url: repo },
    });
    return request(backend.server)
      .post('/api/events/http/github')
      .set('content-type', 'application/json')
      .set('x-github-event', 'pull_request')
      .set('x-hub-signature-256', sign(body))
      .send(body);
  };
  const signed = (body: string) =>
    `sha256=${createHmac('sha256', GITHUB_SECRET).update(body).digest('hex')}`;
  const forged = (body: string) =>
    `sha256=${createHmac('sha256', 'guessed').update(body).digest('hex')}`;

  const gitlabEvent = (repo: string, token: string) =>
    request(backend.server)
      .post('/api/events/http/gitlab')
      .set('content-type', 'application/json')
      .set('x-gitlab-token', token)
      .send({
        object_kind: 'merge_request',
        project: { web_url: repo },
      });

  /** Listings of one repository that reached the sandbox, by request index. */
  const listings = (repo: 'acme/checkout-deploy' | 'payments/deploy') =>
    sandbox.faults
      .requests()
      .map((r, index) => ({ url: decodeURIComponent(r.url), index }))
      .filter(
        r =>
          r.url.includes(repo) &&
          (r.url.includes('/pulls') || r.url.includes('/merge_requests')),
      );

  it('rejects forged events (bad or no signature, wrong token) with 403, and they cost no Git request', async () => {
    for (let i = 0; i < 25; i++) {
      expect((await githubEvent(GITHUB_REPO, forged)).status).toBe(403);
      expect((await githubEvent(GITHUB_REPO, () => '')).status).toBe(403);
      expect((await gitlabEvent(GITLAB_REPO, 'guessed')).status).toBe(403);
    }
    const noToken = await request(backend.server)
      .post('/api/events/http/gitlab')
      .set('content-type', 'application/json')
      .send({
        object_kind: 'merge_request',
        project: { web_url: GITLAB_REPO },
      });
    expect(noToken.status).toBe(403);

    await sleep(500);
    const counts = sandbox.faults.counts();
    expect(counts.github).toBe(0);
    expect(counts.gitlab).toBe(0);
  });

  it('25 valid events for one repository within the window cost at most 2 listings, the last one after the last event', async () => {
    for (let i = 0; i < 25; i++) {
      expect((await githubEvent(GITHUB_REPO, signed)).status).toBe(202);
      expect((await gitlabEvent(GITLAB_REPO, GITLAB_SECRET)).status).toBe(202);
    }
    const afterLastEvent = sandbox.faults.requests().length;
    await sleep(WEBHOOK_DEBOUNCE_MS + 1_500);

    for (const repo of ['acme/checkout-deploy', 'payments/deploy'] as const) {
      const seen = listings(repo);
      expect(seen.length).toBeGreaterThanOrEqual(1);
      expect(seen.length).toBeLessThanOrEqual(2);
      // The change of the last event is never lost: a listing follows it.
      expect(seen[seen.length - 1].index).toBeGreaterThanOrEqual(
        afterLastEvent,
      );
    }
  });

  it('ignores a valid event for a repository no Stage shows: no Git request', async () => {
    for (let i = 0; i < 25; i++) {
      expect(
        (await githubEvent('https://github.com/someone/other', signed)).status,
      ).toBe(202);
      expect(
        (
          await gitlabEvent(
            'https://gitlab.example.com/someone/other',
            GITLAB_SECRET,
          )
        ).status,
      ).toBe(202);
    }
    await sleep(500);
    const counts = sandbox.faults.counts();
    expect(counts.github).toBe(0);
    expect(counts.gitlab).toBe(0);
  });
});
