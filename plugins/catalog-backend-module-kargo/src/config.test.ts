import { ConfigReader } from '@backstage/config';
import { DEFAULT_SCHEDULE, readKargoCatalogConfig } from './config';

const read = (kargo: object | undefined) =>
  readKargoCatalogConfig(
    new ConfigReader(kargo ? { catalog: { providers: { kargo } } } : {}),
  );

describe('readKargoCatalogConfig', () => {
  it('defaults to every 30 seconds and the owner "unknown" without config', () => {
    expect(read(undefined)).toEqual({
      schedule: DEFAULT_SCHEDULE,
      defaultOwner: 'unknown',
      owners: [],
      projects: undefined,
      includePullRequestUrls: true,
      includeErrorText: true,
    });
    expect(DEFAULT_SCHEDULE.frequency).toEqual({ seconds: 30 });
    expect(DEFAULT_SCHEDULE.initialDelay).toEqual({ seconds: 5 });
  });

  it('reads schedule, default owner and owner rules', () => {
    const config = read({
      schedule: { frequency: { minutes: 2 }, timeout: { seconds: 50 } },
      defaultOwner: 'group:default/platform',
      owners: [
        { project: 'checkout', owner: 'group:default/checkout-team' },
        { instance: 'prod-eu', project: 'payments', owner: 'payments-team' },
      ],
    });
    expect(config.schedule).toMatchObject({
      frequency: { minutes: 2 },
      timeout: { seconds: 50 },
    });
    expect(config.defaultOwner).toBe('group:default/platform');
    expect(config.owners).toEqual([
      {
        instance: undefined,
        project: 'checkout',
        owner: 'group:default/checkout-team',
      },
      { instance: 'prod-eu', project: 'payments', owner: 'payments-team' },
    ]);
  });

  it('rejects an owner that is not an entity reference, naming the key', () => {
    expect(() => read({ defaultOwner: 'group:default/' })).toThrow(
      /catalog\.providers\.kargo\.defaultOwner must be an entity reference/,
    );
    expect(() =>
      read({ owners: [{ project: 'checkout', owner: 'user:default/' }] }),
    ).toThrow(/catalog\.providers\.kargo\.owners\[0\]\.owner/);
  });

  it('rejects a rule that matches nothing in particular', () => {
    expect(() => read({ owners: [{ owner: 'group:default/x' }] })).toThrow(
      'catalog.providers.kargo.owners[0] needs an instance, a project or both',
    );
  });
});
