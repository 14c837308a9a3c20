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

// Issue 35, attack 21 (medium): attack 20 bounded the projects an entity
// view reads (10), not the `kargo.akuity.io/stages` list. Every view parses
// the whole list (each name checked by isValidKubernetesName) and matches
// every Stage of each named project against it with `Array.includes`,
// before any permission question: a user who may read nothing of the
// project, who registered the entity, makes the backend do it per GET.
// Measured here (2 CPUs, Node 22, supertest): a project of 2,000
// Stages and a 1 MB list of 170,000 names: 883 ms per GET, against 11 ms
// with a list of one name; with 4,000 Stages (run once): 1,503 ms against
// 8 ms (linear in Stages; the per-project object budget allows 8,192, and
// a view reads 10 projects). The same list is matched per Stage by the catalog
// module on every processing loop (KargoEntityProcessor.attack21.test.ts)
// and by MCP list-stages' entityRef filter per readable Stage.
jest.setTimeout(60_000);

const STAGES = 2_000;
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

describe('an entity naming 170,000 Stages (attack 21)', () => {
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
      entities: [withStages('huge', list), withStages('small', 'zz-none')],
    });
    await backend.refresh();
    // The caller may read nothing of big.
    backend.decide(() => AuthorizeResult.DENY);
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('answers a caller who may read nothing of the project only after matching each of its 2,000 Stages against all 170,000 names', async () => {
    expect(list.length).toBeLessThan(1_100_000);
    const timed = async (name: string) => {
      const started = performance.now();
      const res = await request(backend.server)
        .get(`/api/kargo/entities/component/default/${name}/stages`)
        .set('Authorization', userHeader());
      return { res, ms: performance.now() - started };
    };
    await timed('small');
    const small = await timed('small');
    const huge = await timed('huge');
    // eslint-disable-next-line no-console
    console.log(
      `small ${small.ms.toFixed(0)} ms, huge ${huge.ms.toFixed(0)} ms`,
    );
    // The same answer: nothing readable; the work is 2,000 x 170,000
    // comparisons (3.4e8) plus the parse of 170,000 names, per GET.
    expect(huge.res.status).toBe(200);
    expect(huge.res.body.items).toEqual([]);
    expect(huge.res.body.errors).toEqual(small.res.body.errors);
  });
});
