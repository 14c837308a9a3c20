import { ConfigReader } from '@backstage/config';
import type { JsonObject } from '@backstage/types';
import { DEFAULT_OBJECT_BUDGETS } from '@kargo-backstage/plugin-kargo-common';
import {
  isSharedCacheStore,
  readObjectBudgets,
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

  it('lists pull requests every 2 minutes when watching, every frequency when polling or told so', () => {
    expect(read().pullRequestFrequency).toEqual({ minutes: 2 });
    expect(read({ mode: 'poll' }).pullRequestFrequency).toEqual({
      seconds: 30,
    });
    expect(
      read({ mode: 'poll', frequency: '10s' }).pullRequestFrequency,
    ).toEqual({ seconds: 10 });
    // Set before the key existed, `frequency` also set the pull-request pass.
    expect(read({ frequency: { seconds: 20 } }).pullRequestFrequency).toEqual({
      seconds: 20,
    });
    expect(
      read({ frequency: '20s', pullRequestFrequency: 'PT5M' })
        .pullRequestFrequency,
    ).toEqual({ minutes: 5 });
    expect(() => read({ pullRequestFrequency: 'often' })).toThrow(
      'kargo.refresh.pullRequestFrequency is not a valid duration',
    );
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

describe('readObjectBudgets', () => {
  const readLimits = (limits?: object) =>
    readObjectBudgets(new ConfigReader({ kargo: limits ? { limits } : {} }));

  it('defaults to 32 MB per Stage and 512 MB per project', () => {
    expect(readLimits()).toEqual(DEFAULT_OBJECT_BUDGETS);
    expect(readLimits()).toEqual({
      stageChars: 32 * 2 ** 20,
      projectChars: 512 * 2 ** 20,
    });
  });

  it('reads each limit in MB', () => {
    expect(readLimits({ stageObjectsMB: 4, projectObjectsMB: 1.5 })).toEqual({
      stageChars: 4 * 2 ** 20,
      projectChars: 1.5 * 2 ** 20,
    });
  });

  it('refuses a limit that is not a positive number, naming the key', () => {
    expect(() => readLimits({ stageObjectsMB: 0 })).toThrow(
      'kargo.limits.stageObjectsMB must be a positive number of MB, got 0',
    );
    expect(() => readLimits({ projectObjectsMB: -1 })).toThrow(
      'kargo.limits.projectObjectsMB must be a positive number of MB, got -1',
    );
    expect(() => readLimits({ stageObjectsMB: 'lots' })).toThrow(
      /kargo.limits.stageObjectsMB/,
    );
  });
});
