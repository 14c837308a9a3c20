import { mockServices, TestDatabases } from '@backstage/backend-test-utils';
import { ProjectSignalChannels } from './signalChannels';

describe('ProjectSignalChannels', () => {
  const databases = TestDatabases.create({ ids: ['SQLITE_3'] });

  it('names a channel nobody can derive from the project: no instance or project name in it, one per project', () => {
    const channels = ProjectSignalChannels.fromKey('k'.repeat(32));
    const checkout = channels.channelOf('production', 'checkout');
    expect(checkout).toMatch(/^kargo:[A-Za-z0-9_-]{43}$/);
    expect(checkout).not.toMatch(/production|checkout/);
    expect(channels.channelOf('production', 'checkout')).toBe(checkout);
    expect(channels.channelOf('production', 'payments')).not.toBe(checkout);
    expect(channels.channelOf('staging', 'checkout')).not.toBe(checkout);
    // Another key, other channels: a key change revokes every channel handed out.
    expect(
      ProjectSignalChannels.fromKey('x'.repeat(32)).channelOf(
        'production',
        'checkout',
      ),
    ).not.toBe(checkout);
  });

  it.each(databases.eachSupportedId())(
    'without a configured key, replicas sharing the database name the same channels (%p)',
    async databaseId => {
      const knex = await databases.init(databaseId);
      const database = mockServices.database({ knex });
      const config = mockServices.rootConfig({ data: {} });
      const [a, b] = await Promise.all([
        ProjectSignalChannels.create({ config, database }),
        ProjectSignalChannels.create({ config, database }),
      ]);
      const c = await ProjectSignalChannels.create({ config, database });
      const channel = a.channelOf('production', 'checkout');
      expect(b.channelOf('production', 'checkout')).toBe(channel);
      expect(c.channelOf('production', 'checkout')).toBe(channel);

      // Deleting the key's row rotates it: every channel handed out before is revoked.
      await knex('kargo_signal_keys').delete();
      const rotated = await ProjectSignalChannels.create({ config, database });
      expect(rotated.channelOf('production', 'checkout')).not.toBe(channel);
    },
  );

  it('takes kargo.signals.channelKey when set, the same on every replica', async () => {
    const config = mockServices.rootConfig({
      data: { kargo: { signals: { channelKey: 'c'.repeat(40) } } },
    });
    const database = mockServices.database.mock();
    const channels = await ProjectSignalChannels.create({ config, database });
    expect(channels.channelOf('production', 'checkout')).toBe(
      ProjectSignalChannels.fromKey('c'.repeat(40)).channelOf(
        'production',
        'checkout',
      ),
    );
    expect(database.getClient).not.toHaveBeenCalled();
  });

  it('refuses a short kargo.signals.channelKey at startup', async () => {
    const config = mockServices.rootConfig({
      data: { kargo: { signals: { channelKey: 'short' } } },
    });
    await expect(
      ProjectSignalChannels.create({
        config,
        database: mockServices.database.mock(),
      }),
    ).rejects.toThrow(
      'kargo.signals.channelKey must be at least 32 characters',
    );
  });
});
