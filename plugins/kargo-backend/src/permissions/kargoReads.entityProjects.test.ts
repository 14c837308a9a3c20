import request from 'supertest';
import type { Entity } from '@backstage/catalog-model';
import { mockCredentials } from '@backstage/backend-test-utils';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import { startAuthorizeReadsBackend } from '../__testUtils__/authorizeReads';
import type { KargoTestBackend } from '../__testUtils__/backend';

// Issue 35, attack 20: under api.authorizeReads a made-up project costs one
// Kargo API call per person a minute. Since every project an entity names
// costs a permission question (attack 19), one page view of an entity
// annotated with 1,000 made-up projects made 1,000 calls to Kargo's API with
// the viewer's ID token; every person who opened that entity's page made
// their own 1,000. A view now reads the first 10 projects an entity names.
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

describe('made-up projects of one entity under api.authorizeReads', () => {
  let sandbox: Sandbox;
  let backend: KargoTestBackend;
  let alice: string;
  let stop: () => Promise<void>;

  // The authorizeReads demo (bob's payments binding removed; alice only here).
  beforeAll(async () => {
    const started = await startAuthorizeReadsBackend({ entities: [MANY] });
    ({ sandbox, backend, stop } = started);
    alice = started.tokens.alice;
  });
  afterAll(() => stop());

  it('one view of an entity naming 1,000 made-up projects makes at most 10 Kargo API calls as the viewer, and says the rest were not read', async () => {
    sandbox.kargoApi.reset();
    const res = await request(backend.server)
      .get('/api/kargo/entities/component/default/many/stages')
      .set('Authorization', mockCredentials.user.header('user:default/alice'))
      .set('Backstage-Kargo-Authorization', `Bearer ${alice}`);
    expect(res.status).toBe(200);
    // One error per project read, and one for the 990 not read.
    expect(res.body.errors).toHaveLength(11);
    expect(res.body.errors[0].message).toBe(
      'The entity names more than 10 Kargo projects; only the first 10 are read',
    );
    const calls = Object.values(
      sandbox.kargoApi.reads().listStages ?? {},
    ).reduce((a, b) => a + b, 0);
    // It was 1,000 calls to Kargo's API for one request.
    expect(calls).toBeLessThanOrEqual(10);
  });
});
