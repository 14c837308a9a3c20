import request from 'supertest';
import { createBackendModule } from '@backstage/backend-plugin-api';
import { eventsServiceRef } from '@backstage/plugin-events-node';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import { WEBHOOK_DEBOUNCE_MS } from '../../services/snapshot/webhooks';
import { gitWebhookFeatures } from './__testUtils__/eventsModules';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  type ReliabilityBackend,
} from './__testUtils__/harness';

jest.setTimeout(60_000);

const GITLAB_SECRET = 'gl-webhook-secret-for-tests';
const GITHUB_REPO = 'https://github.com/acme/checkout-deploy';

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

/**
 * What `@backstage/plugin-events-backend-module-bitbucket-cloud` adds in
 * Backstage 1.55: a router from the topic `bitbucketCloud` (fed by
 * `events.http.topics`, which has no signature check: the module brings
 * none) to `bitbucketCloud.<x-event-key>` (its BitbucketCloudEventRouter).
 */
const bitbucketCloudRouter = createBackendModule({
  pluginId: 'events',
  moduleId: 'test-bitbucket-cloud-router',
  register(env) {
    env.registerInit({
      deps: { events: eventsServiceRef },
      async init({ events }) {
        await events.subscribe({
          id: 'test-bitbucket-cloud-router',
          topics: ['bitbucketCloud'],
          onEvent: async event =>
            events.publish({
              topic: `bitbucketCloud.${
                (event.metadata ?? {})['x-event-key'] as string
              }`,
              eventPayload: event.eventPayload,
              metadata: event.metadata,
            }),
        });
      },
    });
  },
});

/**
 * An event speaks for its own provider's repositories only: a deployer who
 * guards GitHub with a signature must not have GitHub re-listed by an event
 * of another provider (a GitLab token holder, or an unsigned Bitbucket Cloud
 * event, which Backstage 1.55 cannot verify).
 */
describe('Git webhooks across providers', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;

  beforeEach(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    backend = await startReliabilityBackend({
      sandbox,
      config: {
        ...kargoConfig(sandbox),
        events: {
          useEventBus: 'never',
          http: { topics: ['bitbucketCloud'] },
          modules: {
            github: { webhookSecret: 'gh-webhook-secret-for-tests' },
            gitlab: { webhookSecret: GITLAB_SECRET },
          },
        },
      },
      features: [...gitWebhookFeatures(), bitbucketCloudRouter],
    });
    await backend.refresh();
    sandbox.faults.resetCounts();
  });
  afterEach(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('an unsigned Bitbucket Cloud event naming a GitHub repository costs no GitHub request', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await request(backend.server)
        .post('/api/events/http/bitbucketCloud')
        .set('content-type', 'application/json')
        .set('x-event-key', 'pullrequest:updated')
        .send({ repository: { links: { html: { href: GITHUB_REPO } } } });
      expect(res.status).toBe(202); // Backstage accepts it: nothing checks it
    }
    await sleep(WEBHOOK_DEBOUNCE_MS + 1_000);
    expect(sandbox.faults.counts().github).toBe(0);
  });

  it('a GitLab event naming a GitHub repository costs no GitHub request', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await request(backend.server)
        .post('/api/events/http/gitlab')
        .set('content-type', 'application/json')
        .set('x-gitlab-token', GITLAB_SECRET)
        .send({
          object_kind: 'merge_request',
          project: { web_url: GITHUB_REPO },
        });
      expect(res.status).toBe(202);
    }
    await sleep(WEBHOOK_DEBOUNCE_MS + 1_000);
    expect(sandbox.faults.counts().github).toBe(0);
  });
});
