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

// Issue 35, attack 21: an entity's `kargo.akuity.io/stages` list was read
// whole, and every Stage of its projects matched against it, before any
// permission question: a 1 MB list of 170,000 names and a project of 2,000
// Stages cost 883 ms per view (11 ms for a list of one name), for a user who
// may read nothing of the project. A view now reads the first 100 names
// (catalog/annotations.ts, whose test counts what is read) and says so.
jest.setTimeout(60_000);

const STAGES = 20;
const NAMES = 170_000;

const withStages = (name: string, stages: string): Entity => {
  const entity = annotated(name, 'big');
  return {
    ...entity,
    metadata: {
      ...entity.metadata,
      annotations: {
        ...entity.metadata.annotations,
        'kargo.akuity.io/stages': stages,
      },
    },
  };
};

describe('an entity naming 170,000 Stages', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  const list = Array.from(
    { length: NAMES },
    (_, i) => `s${i.toString(36).padStart(4, '0')}`,
  ).join(',');

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    sandbox.load({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Project',
      metadata: { name: 'big' },
    } as any);
    for (let i = 0; i < STAGES; i++)
      sandbox.load({
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Stage',
        metadata: { name: `stage-${i}`, namespace: 'big' },
        spec: {
          requestedFreight: [
            {
              origin: { kind: 'Warehouse', name: 'w' },
              sources: { direct: true },
            },
          ],
          promotionTemplate: { spec: { steps: [{ uses: 'git-clone' }] } },
        },
      } as any);
    backend = await startReliabilityBackend({
      sandbox,
      config: kargoConfig(sandbox),
      entities: [withStages('huge', list)],
    });
    await backend.refresh();
    // The caller may read nothing of big.
    backend.decide(() => AuthorizeResult.DENY);
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('reads the first 100 Stage names of the entity and says the rest were not read, the same for a caller who may read nothing', async () => {
    expect(list.length).toBeLessThan(1_100_000);
    const res = await request(backend.server)
      .get('/api/kargo/entities/component/default/huge/stages')
      .set('Authorization', userHeader());
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'The entity names more than 100 Kargo Stages; only the first 100 are read',
      expect.stringContaining("Kargo project 'big' not found"),
    ]);
  });
});
