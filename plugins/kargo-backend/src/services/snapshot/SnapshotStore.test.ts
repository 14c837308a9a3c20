import { mockServices } from '@backstage/backend-test-utils';
import { SnapshotStore } from './SnapshotStore';
import type { InstanceState } from './types';

function stateAt(attemptedAt: string): InstanceState {
  return {
    instance: 'production',
    kargoUrl: null,
    lastUpdated: attemptedAt,
    attemptedAt,
    stale: false,
    error: null,
    projects: {},
  };
}

describe('SnapshotStore', () => {
  afterEach(() => jest.useRealTimers());

  it('serves its own copy as fresh while it is younger than the cache TTL', async () => {
    const store = new SnapshotStore(mockServices.cache.mock(), 60_000, 1_000);
    await store.set(stateAt(new Date().toISOString()));
    const state = await store.get('production');
    expect(state?.stale).toBe(false);
    expect(state?.error).toBeNull();
  });

  it('marks its own copy stale once nobody refreshed it for longer than the TTL', async () => {
    jest.useFakeTimers({ now: Date.parse('2026-11-30T10:00:00Z') });
    const cache = mockServices.cache.mock();
    const store = new SnapshotStore(cache, 60_000, 1_000);
    await store.set(stateAt('2026-11-30T10:00:00.000Z'));

    // The shared entry has expired and no replica refreshed the instance.
    cache.get.mockResolvedValue(undefined);
    jest.setSystemTime(Date.parse('2026-11-30T10:05:00Z'));

    const state = await store.get('production');
    expect(state?.stale).toBe(true);
    expect(state?.error).toBe(
      "No refresh of instance 'production' has completed since 2026-11-30T10:00:00.000Z",
    );
    expect(state?.lastUpdated).toBe('2026-11-30T10:00:00.000Z');
  });

  it('prefers a newer copy another replica put in the cache', async () => {
    const cache = mockServices.cache.mock();
    const store = new SnapshotStore(cache, 60_000, 0);
    await store.set(stateAt('2026-11-30T10:00:00.000Z'));
    const newer = {
      ...stateAt(new Date().toISOString()),
      kargoUrl: 'https://kargo.example.com',
    };
    cache.get.mockResolvedValue(newer as any);
    expect((await store.get('production'))?.kargoUrl).toBe(
      'https://kargo.example.com',
    );
  });

  it('hands its state to another replica through the cache, as one JSON string', async () => {
    const entries = new Map<string, unknown>();
    const cache = mockServices.cache.mock({
      get: async (key: string) => entries.get(key) as any,
      set: async (key: string, value: unknown) => {
        entries.set(key, value);
      },
    });
    const state = {
      ...stateAt(new Date().toISOString()),
      kargoUrl: 'https://kargo.example.com',
      error: ':a value keyv would escape',
    };
    await new SnapshotStore(cache, 60_000, 0).set(state);
    expect([...entries.values()].every(v => typeof v === 'string')).toBe(true);
    const other = new SnapshotStore(cache, 60_000, 0);
    expect(await other.get('production')).toEqual(state);
  });

  it('keeps the state in memory only when the cache store is not shared', async () => {
    const store = new SnapshotStore(undefined, 60_000, 1_000);
    const state = stateAt(new Date().toISOString());
    await store.set(state);
    expect(await store.get('production')).toBe(state);
    expect(await store.get('staging')).toBeUndefined();
  });
});
