import { ConfigReader } from '@backstage/config';
import type { JsonObject } from '@backstage/types';
import {
  isSharedCacheStore,
  readRefreshConfig,
  REFRESH_DEFAULTS,
} from './config';

const read = (refresh?: JsonObject) =>
  readRefreshConfig(new ConfigReader({ kargo: refresh ? { refresh } : {} }));

describe('readRefreshConfig', () => {
  it('watches by default', () => {
    expect(readRefreshConfig(new ConfigReader({}))).toEqual(REFRESH_DEFAULTS);
    expect(read().mode).toBe('watch');
  });

  it('reads the mode and durations in both forms', () => {
    expect(
      read({
        mode: 'poll',
        frequency: { seconds: 5 },
        resync: 'PT1H',
        watchTimeout: '45s',
      }),
    ).toMatchObject({
      mode: 'poll',
      frequency: { seconds: 5 },
      resync: { hours: 1 },
      watchTimeout: { seconds: 45 },
    });
  });

  it('names the faulty key', () => {
    expect(() => read({ mode: 'push' })).toThrow(
      "kargo.refresh.mode must be one of watch, poll, got 'push'",
    );
    expect(() => read({ resync: { fortnights: 1 } })).toThrow(
      'kargo.refresh.resync is not a valid duration',
    );
  });
});

describe('isSharedCacheStore', () => {
  it('treats every store but the in-process memory store as shared', () => {
    const shared = (backend?: object) =>
      isSharedCacheStore(new ConfigReader(backend ? { backend } : {}));
    expect(shared()).toBe(false);
    expect(shared({ cache: { store: 'memory' } })).toBe(false);
    expect(
      shared({ cache: { store: 'redis', connection: 'redis://cache:6379' } }),
    ).toBe(true);
    expect(
      shared({ cache: { store: 'memcache', connection: 'cache:11211' } }),
    ).toBe(true);
  });
});
