import request from 'supertest';
import type { Entity } from '@backstage/catalog-model';
import { mockCredentials } from '@backstage/backend-test-utils';
import {
  DEMO_TOKENS,
  sandboxOidcSignIn,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import {
  PORTAL_TOKEN,
  startKargoTestBackend,
  type KargoTestBackend,
} from '../__testUtils__/backend';

// Issue 35, attack 20a: under api.authorizeReads a made-up project costs one
// Kargo API call per person a minute (a known low, one name per request).
// Since attack 19's askAsAboutHidden, the entity route asks about every
// project an entity names, so one page view of an entity annotated with
// 1,000 made-up projects makes 1,000 calls to Kargo's API with the viewer's
// ID token, one after another; every person who opens that entity's page
// makes their own 1,000 (docs: "Kargo is asked at most once per person and
// project per minute"). Before: none.
jest.setTimeout(60_000);

const MADE_UP = Array.from(
  { length: 1_000 },
  (_, i) => `made-up-${String(i).padStart(4, '0')}`,
);

const MANY: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'many',
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': MADE_UP.join(',') },
  },
  spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
};

describe('attack 20a: made-up projects of one entity under api.authorizeReads', () => {
  let sandbox: Sandbox;
  let backend: KargoTestBackend;
  let alice: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, tokens: DEMO_TOKENS });
    backend = await startKargoTestBackend({
      sandbox,
      entities: [MANY],
      api: {
        url: sandbox.kargoApiUrl,
        identity: 'user',
        authProvider: 'oidc',
        authorizeReads: true,
        token: PORTAL_TOKEN,
      },
    });
    await backend.refresh();
    alice = (
      await sandboxOidcSignIn(sandbox.oidcIssuer, 'alice@example.com', 'alice')
    ).id_token;
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('one view of an entity naming 1,000 made-up projects makes 1,000 Kargo API calls as the viewer', async () => {
    sandbox.kargoApi.reset();
    const res = await request(backend.server)
      .get('/api/kargo/entities/component/default/many/stages')
      .set('Authorization', mockCredentials.user.header('user:default/alice'))
      .set('Backstage-Kargo-Authorization', `Bearer ${alice}`);
    expect(res.status).toBe(200);
    expect(res.body.errors).toHaveLength(1_000);
    const calls = Object.values(
      sandbox.kargoApi.reads().listStages ?? {},
    ).reduce((a, b) => a + b, 0);
    // Measured: 1,000 calls to Kargo's API for one request (before: 0).
    expect(calls).toBe(1_000);
  });
});
