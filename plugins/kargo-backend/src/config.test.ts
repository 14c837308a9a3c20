import { ConfigReader } from '@backstage/config';
import type { JsonObject } from '@backstage/types';
import { readRefreshConfig, REFRESH_DEFAULTS } from './config';

const read = (refresh?: JsonObject) =>
  readRefreshConfig(new ConfigReader({ kargo: refresh ? { refresh } : {} }));

describe('readRefreshConfig', () => {
  it('watches by default', () => {
    expect(readRefreshConfig(new ConfigReader({}))).toEqual(REFRESH_DEFAULTS);
    expect(read().mode).toBe('watch');
  });

  it('reads the mode and durations in both forms', () => {
    expect(read({ mode: 'poll', frequency: { seconds: 5 }, resync: 'PT1H', watchTimeout: '45s' })).toMatchObject({
      mode: 'poll',
      frequency: { seconds: 5 },
      resync: { hours: 1 },
      watchTimeout: { seconds: 45 },
    });
  });

  it('names the faulty key', () => {
    expect(() => read({ mode: 'push' })).toThrow("kargo.refresh.mode must be one of watch, poll, got 'push'");
    expect(() => read({ resync: { fortnights: 1 } })).toThrow('kargo.refresh.resync is not a valid duration');
  });
});
