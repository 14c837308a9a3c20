import request from 'supertest';
import type { Entity } from '@backstage/catalog-model';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import { annotated } from '../__tests__/reliability/__testUtils__/callers';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from '../__tests__/reliability/__testUtils__/harness';

// Issue 35, attack 22: the `kargo.akuity.io/instance` annotation was read
// whole (only trimmed) and echoed twice in every `errors` entry of the
// entity route: an entity naming 11 projects and 101 Stages with a 1 MB
// instance made a 22 MB answer per view (22,001,280 bytes), shown as 12
// error panels of 1 MB text. An instance name over 253 characters now names
// none: the default instance is read.
jest.setTimeout(60_000);

const INSTANCE = 'i'.repeat(1_000_000);

describe('an entity naming a 1 MB instance', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    const entity: Entity = annotated('big-instance', 'x');
    entity.metadata.annotations = {
      'kargo.akuity.io/instance': INSTANCE,
      'kargo.akuity.io/project': Array.from(
        { length: 11 },
        (_, i) => `p${i}`,
      ).join(','),
      'kargo.akuity.io/stages': Array.from(
        { length: 101 },
        (_, i) => `s${i}`,
      ).join(','),
    };
    backend = await startReliabilityBackend({
      sandbox,
      config: kargoConfig(sandbox),
      entities: [entity],
    });
    backend.decide(() => AuthorizeResult.DENY);
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('reads the default instance for an entity naming a 1 MB instance, and never echoes it', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/entities/component/default/big-instance/stages')
      .set('Authorization', userHeader());
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.errors).toHaveLength(12);
    expect(
      res.body.errors.every(
        (e: { instance: string }) => e.instance === 'sandbox',
      ),
    ).toBe(true);
    // It was 22 MB.
    expect(Buffer.byteLength(JSON.stringify(res.body))).toBeLessThan(10_000);
  });
});
