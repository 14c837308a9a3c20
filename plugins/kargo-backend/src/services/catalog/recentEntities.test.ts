import { mockCredentials } from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import { RecentEntities } from './recentEntities';

const REF = { kind: 'component', namespace: 'default', name: 'checkout-service' };

/** A catalog that counts its reads and shows the entity to alice only. */
function countingCatalog() {
  const reads: string[] = [];
  let fail = false;
  const catalog = {
    getEntityByRef: async (_ref: unknown, options?: { credentials?: any }) => {
      const principal = options?.credentials?.principal;
      reads.push(principal?.userEntityRef ?? principal?.subject ?? principal?.type);
      if (fail) throw new Error('catalog unreachable');
      return principal?.userEntityRef === 'user:default/alice' || principal?.type === 'service'
        ? ({ kind: 'Component', metadata: { name: 'checkout-service' } } as Entity)
        : undefined;
    },
  };
  return { catalog, reads, failNext: (f: boolean) => (fail = f) };
}

describe('RecentEntities', () => {
  const alice = mockCredentials.user('user:default/alice');
  const bob = mockCredentials.user('user:default/bob');

  it("reuses a caller's read of an entity for a few seconds, never another caller's", async () => {
    let now = 0;
    const { catalog, reads } = countingCatalog();
    const recent = new RecentEntities(catalog, () => now);

    expect(await recent.get(REF, alice)).toBeDefined();
    expect(await recent.get({ ...REF, kind: 'Component' }, alice)).toBeDefined();
    expect(await recent.get(REF, bob)).toBeUndefined();
    expect(await recent.get(REF, bob)).toBeUndefined();
    expect(await recent.get(REF, mockCredentials.service('plugin:scaffolder'))).toBeDefined();
    expect(reads).toEqual(['user:default/alice', 'user:default/bob', 'plugin:scaffolder']);

    now += 5_001;
    await recent.get(REF, alice);
    expect(reads).toHaveLength(4);
  });

  it('never reuses a failed read, nor one without a user or service', async () => {
    const { catalog, reads, failNext } = countingCatalog();
    const recent = new RecentEntities(catalog, () => 0);
    failNext(true);
    await expect(recent.get(REF, alice)).rejects.toThrow('catalog unreachable');
    failNext(false);
    expect(await recent.get(REF, alice)).toBeDefined();
    await recent.get(REF, mockCredentials.none());
    await recent.get(REF, mockCredentials.none());
    expect(reads).toEqual(['user:default/alice', 'user:default/alice', 'none', 'none']);
  });
});
