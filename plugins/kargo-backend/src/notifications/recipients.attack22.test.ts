import { mockServices } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { CatalogAudience } from './recipients';

/**
 * Attack 22: an entity's `kargo.akuity.io/project` of 1 MB of commas (blank
 * names are not counted against the 1,000 names read) is parsed again for
 * every Stage event of a notifier pass, synchronously, for every annotated
 * entity. Measured (CatalogAudience.ofStage, this machine): 32 such entities
 * 540-650 ms, 64 entities 1,250 ms per Stage group of each pass, of any
 * project (anyone may register them; they name no project and are never
 * told anything). A pass of 20 Stage groups: ~25 s of blocked event loop.
 */
const ENTITIES = 2;
const STAGES = 5;
const BLANKS = 1_000_000;

const hostile = (i: number): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: `blank-${i}`,
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': ','.repeat(BLANKS) },
  },
  spec: { owner: 'user:default/mallory' },
});

it('parses every annotated entity again for each Stage of a pass, a million blank names each time (issue 35, attack 22)', async () => {
  const catalog = catalogServiceMock({
    entities: Array.from({ length: ENTITIES }, (_, i) => hostile(i)),
  });
  const audience = new CatalogAudience({
    catalog,
    auth: mockServices.auth(),
    defaultInstance: 'sandbox',
  });
  // Count the names read (each is trimmed once) without recording calls.
  const trim = String.prototype.trim;
  let trims = 0;
  // eslint-disable-next-line no-extend-native
  String.prototype.trim = function counted(this: string) {
    trims++;
    return trim.call(this);
  };
  let told: string[] = [];
  try {
    for (let i = 0; i < STAGES; i++) {
      const { entityRefs } = await audience.ofStage({
        instance: 'sandbox',
        project: 'payments',
        stage: `s-${i}`,
      });
      told = told.concat(entityRefs);
    }
  } finally {
    // eslint-disable-next-line no-extend-native
    String.prototype.trim = trim;
  }
  // The entities name no project: nobody is told anything...
  expect(told).toEqual([]);
  // ...yet each Stage re-reads each entity's million blank names:
  // 2 x 5 x 1,000,001 = 10,000,010 names trimmed (a bound of 1,000 names
  // read would be 10,000 at most).
  expect(trims).toBeGreaterThanOrEqual(ENTITIES * STAGES * BLANKS);
});
