import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  annotated,
  getKargo,
} from '../__tests__/reliability/__testUtils__/callers';
import {
  emptyProject,
  useReliabilityBackend,
} from '../__tests__/reliability/__testUtils__/suite';

// Issue 35, attack 21: an entity's `kargo.akuity.io/stages` list was read
// whole, and every Stage of its projects matched against it, before any
// permission question: a 1 MB list of 170,000 names and a project of 2,000
// Stages cost 883 ms per view (11 ms for a list of one name), for a user who
// may read nothing of the project. A view now reads the first 100 names
// (catalog/annotations.ts, whose test counts what is read) and says so.
jest.setTimeout(60_000);

const STAGES = 20;
const NAMES = 170_000;

describe('an entity naming 170,000 Stages', () => {
  const list = Array.from(
    { length: NAMES },
    (_, i) => `s${i.toString(36).padStart(4, '0')}`,
  ).join(',');

  const { backend } = useReliabilityBackend({
    load: sandbox => {
      sandbox.load(emptyProject('big'));
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
        });
    },
    entities: [annotated('huge', 'big', list)],
  });
  // The caller may read nothing of big.
  beforeAll(() => backend().decide(() => AuthorizeResult.DENY));

  it('reads the first 100 Stage names of the entity and says the rest were not read, the same for a caller who may read nothing', async () => {
    expect(list.length).toBeLessThan(1_100_000);
    const res = await getKargo(
      backend(),
      '/entities/component/default/huge/stages',
    );
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.errors.map((e: { message: string }) => e.message)).toEqual([
      'The entity names more than 100 Kargo Stages; only the first 100 are read',
      expect.stringContaining("Kargo project 'big' not found"),
    ]);
  });
});
