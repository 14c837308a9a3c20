import { mockServices } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import { CatalogAudience } from './recipients';

/**
 * Issue 35, attack 22: an entity's `kargo.akuity.io/project` of 1 MB of
 * commas was read whole (blank names were not counted against the 1,000
 * names read), and parsed again for every Stage of a notifier pass, for every
 * annotated entity: 64 such entities blocked the event loop ~1.25 s per
 * Stage of each pass (anyone may register them). A list is now read to 1,000
 * names, blanks included, and each entity parsed once per pass.
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

it('parses each annotated entity once per pass, reading at most 1,000 of its million blank names', async () => {
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
  // ...and each entity's list is read once, to 1,000 names: it was
  // 2 x 5 x 1,000,001 = 10,000,010 names trimmed.
  expect(trims).toBeLessThanOrEqual(ENTITIES * 1_001 + 10);
});
