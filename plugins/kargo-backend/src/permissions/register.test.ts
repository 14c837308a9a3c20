import type { PermissionsRegistryService } from '@backstage/backend-plugin-api';
import { mockServices } from '@backstage/backend-test-utils';
import type { CacheService } from '@backstage/backend-plugin-api';
import type { KargoService } from '@kargo-backstage/plugin-kargo-node';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { SnapshotService } from '../services/snapshot/SnapshotService';
import { SnapshotStore } from '../services/snapshot/SnapshotStore';
import { registerKargoPermissions } from './register';

function sharedCache(): CacheService & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  const cache = {
    data,
    get: async (key: string) => data.get(key) as any,
    set: async (key: string, value: unknown) => void data.set(key, value),
    delete: async (key: string) => void data.delete(key),
    withOptions: () => cache,
  };
  return cache;
}

const stage = (name: string) =>
  ({ instance: 'production', project: 'checkout', name } as StageDetail);

describe('registerKargoPermissions', () => {
  it('with a shared cache and a conditional permission policy, parses the instance once per request', async () => {
    const cache = sharedCache();
    // Another replica refreshed the instance and put it in the shared cache.
    const now = new Date().toISOString();
    await new SnapshotStore(cache, 60_000, 0).set({
      instance: 'production',
      kargoUrl: null,
      lastUpdated: now,
      attemptedAt: now,
      stale: false,
      error: null,
      projects: {
        checkout: {
          project: 'checkout',
          lastUpdated: now,
          error: null,
          stages: ['dev', 'staging', 'prod'].map(stage),
        },
      },
    });
    const kargo = {
      listInstances: () => [{ name: 'production', kargoUrl: null }],
      cluster: () => ({ instance: { name: 'production', kargoUrl: null } }),
      pullRequests: {},
    } as unknown as KargoService;
    // This replica's memory is never fresh enough: every read asks the cache.
    const snapshots = new SnapshotService(
      kargo,
      new SnapshotStore(cache, 60_000, 0),
      mockServices.logger.mock(),
    );
    const registry = { addResourceType: jest.fn(), addPermissions: jest.fn() };
    registerKargoPermissions(
      registry as unknown as PermissionsRegistryService,
      snapshots,
    );
    const { getResources } = registry.addResourceType.mock.calls[0][0];

    const parse = jest.spyOn(JSON, 'parse');
    try {
      const refs = [
        'production/checkout/dev',
        'production/checkout/staging',
        'production/checkout/prod',
        'production/checkout/nope',
      ];
      expect(await getResources(refs)).toEqual([
        { instance: 'production', project: 'checkout', name: 'dev' },
        { instance: 'production', project: 'checkout', name: 'staging' },
        { instance: 'production', project: 'checkout', name: 'prod' },
        undefined,
      ]);
      await getResources(refs);
      const snapshotParses = parse.mock.calls.filter(([text]) =>
        String(text).includes('"instance":"production"'),
      );
      expect(snapshotParses.length).toBeLessThanOrEqual(1);
    } finally {
      parse.mockRestore();
    }
  });
});
