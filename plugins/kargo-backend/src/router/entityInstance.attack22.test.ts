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

// Issue 35, attack 22: the `kargo.akuity.io/instance` annotation is read
// whole (only trimmed) and echoed twice in every `errors` entry of the
// entity route: as `instance` and inside "Unknown Kargo instance '…'". An
// entity naming 11 projects and 101 Stages with a 1 MB instance makes a
// 22 MB answer (measured 22,001,280 bytes) per view, shown as 12 error
// panels of 1 MB text each by KargoStates.
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

  it('echoes the 1 MB instance name twice in each of 12 error entries: a 22 MB answer (issue 35, attack 22)', async () => {
    const res = await request(backend.server)
      .get('/api/kargo/entities/component/default/big-instance/stages')
      .set('Authorization', userHeader());
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.errors).toHaveLength(12);
    const size = Buffer.byteLength(JSON.stringify(res.body));
    // eslint-disable-next-line no-console
    console.log('answer bytes', size);
    expect(size).toBeGreaterThan(22_000_000);
  });
});
