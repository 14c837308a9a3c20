import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import type {
  EntityProviderConnection,
  EntityProviderMutation,
} from '@backstage/plugin-catalog-node';
import type { SnapshotResponse } from '@kargo-backstage/plugin-kargo-common';
import { instanceSnapshot, snapshot } from '../__fixtures__/snapshot';
import { KargoStageEntityProvider } from './KargoStageEntityProvider';

function setup(config: object = {}) {
  const source = { getSnapshot: jest.fn<Promise<SnapshotResponse>, []>() };
  const scheduler = mockServices.scheduler.mock();
  const logger = mockServices.logger.mock();
  const connection = {
    applyMutation: jest.fn<Promise<void>, [EntityProviderMutation]>(),
    refresh: jest.fn(),
  } satisfies EntityProviderConnection;
  const provider = KargoStageEntityProvider.fromConfig(
    new ConfigReader({ catalog: { providers: { kargo: config } } }),
    { source, scheduler, logger },
  );
  return { provider, source, scheduler, logger, connection };
}

const namesOf = (mutation: EntityProviderMutation) =>
  (mutation.type === 'full' ? mutation.entities : mutation.added)
    .map(d => d.entity.metadata.title)
    .sort();

describe('KargoStageEntityProvider', () => {
  it('schedules its refresh with the configured frequency when connected', async () => {
    const { provider, scheduler, connection } = setup({
      schedule: { frequency: { minutes: 5 }, timeout: { minutes: 1 } },
    });
    await provider.connect(connection);
    expect(provider.getProviderName()).toBe('KargoStageEntityProvider');
    expect(scheduler.scheduleTask).toHaveBeenCalledWith(
      expect.objectContaining({
        id: 'KargoStageEntityProvider:refresh',
        frequency: { minutes: 5 },
        scope: 'local',
      }),
    );
  });

  it('defaults to every 30 seconds after an initial delay', async () => {
    const { provider, scheduler, connection } = setup();
    await provider.connect(connection);
    expect(scheduler.scheduleTask).toHaveBeenCalledWith(
      expect.objectContaining({
        frequency: { seconds: 30 },
        initialDelay: { seconds: 5 },
      }),
    );
  });

  it('applies a full mutation with one entity per Stage from a complete snapshot', async () => {
    const { provider, source, connection } = setup({
      owners: [{ project: 'payments', owner: 'group:default/payments-team' }],
    });
    source.getSnapshot.mockResolvedValue(snapshot());
    await provider.connect(connection);
    await provider.refresh();

    expect(connection.applyMutation).toHaveBeenCalledTimes(1);
    const mutation = connection.applyMutation.mock.calls[0][0];
    expect(mutation.type).toBe('full');
    expect(namesOf(mutation)).toEqual([
      'checkout/dev',
      'checkout/prod',
      'checkout/staging',
      'payments/perf',
      'payments/prod',
      'payments/qa',
      'payments/test',
      'payments/uat',
    ]);
    const owners =
      mutation.type === 'full'
        ? mutation.entities.map(d => [
            d.entity.metadata.title,
            d.entity.spec?.owner,
          ])
        : [];
    expect(owners).toContainEqual([
      'payments/qa',
      'group:default/payments-team',
    ]);
    expect(owners).toContainEqual(['checkout/dev', 'unknown']);
  });

  it('keeps the catalog as it is when the snapshot cannot be read', async () => {
    const { provider, source, connection, logger } = setup();
    source.getSnapshot.mockResolvedValueOnce(snapshot());
    await provider.connect(connection);
    await provider.refresh();
    source.getSnapshot.mockRejectedValueOnce(new Error('connect ECONNREFUSED'));

    await expect(provider.refresh()).resolves.toBeUndefined();
    expect(connection.applyMutation).toHaveBeenCalledTimes(1);
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('connect ECONNREFUSED'),
    );
    expect(provider.store.getInstance()?.stages).toHaveLength(8);
  });

  it('removes nothing while an instance is stale, and upserts the fresh ones', async () => {
    const { provider, source, connection, logger } = setup();
    await provider.connect(connection);
    source.getSnapshot.mockResolvedValue(
      snapshot(
        instanceSnapshot({
          instance: 'eu',
          stale: true,
          error: 'Unauthorized',
        }),
        instanceSnapshot({ instance: 'us' }),
      ),
    );
    await provider.refresh();

    expect(connection.applyMutation).toHaveBeenCalledTimes(1);
    const mutation = connection.applyMutation.mock.calls[0][0];
    expect(mutation).toMatchObject({ type: 'delta', removed: [] });
    const instances =
      mutation.type === 'delta'
        ? new Set(
            mutation.added.map(
              d => d.entity.metadata.annotations?.['kargo.akuity.io/instance'],
            ),
          )
        : new Set();
    expect(instances).toEqual(new Set(['us']));
    expect(logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('eu (Unauthorized)'),
    );
  });

  it('applies no mutation when no instance was gathered completely', async () => {
    const { provider, source, connection } = setup();
    await provider.connect(connection);
    source.getSnapshot.mockResolvedValue(
      snapshot(
        instanceSnapshot({ lastUpdated: null, error: 'timeout', stages: [] }),
      ),
    );
    await provider.refresh();
    expect(connection.applyMutation).not.toHaveBeenCalled();
  });

  it('skips a mutation identical to the last one applied', async () => {
    const { provider, source, connection } = setup();
    await provider.connect(connection);
    source.getSnapshot.mockResolvedValue(snapshot());
    await provider.refresh();
    await provider.refresh();
    expect(connection.applyMutation).toHaveBeenCalledTimes(1);
  });

  it('sends only the changed and removed Stages once the catalog holds a full set', async () => {
    const { provider, source, connection } = setup();
    await provider.connect(connection);
    source.getSnapshot.mockResolvedValue(snapshot());
    await provider.refresh();
    expect(connection.applyMutation.mock.calls[0][0].type).toBe('full');

    const stages = instanceSnapshot()
      .stages.filter(s => s.name !== 'dev')
      .map(s => (s.name === 'uat' ? { ...s, verificationPhase: 'Failed' } : s));
    source.getSnapshot.mockResolvedValue(
      snapshot(instanceSnapshot({ stages })),
    );
    await provider.refresh();

    expect(connection.applyMutation).toHaveBeenCalledTimes(2);
    const mutation = connection.applyMutation.mock.calls[1][0];
    expect(mutation.type).toBe('delta');
    expect(namesOf(mutation)).toEqual(['payments/uat']);
    expect(mutation.type === 'delta' && mutation.removed).toEqual([
      expect.objectContaining({
        entityRef: expect.stringMatching(/^resource:.*dev/),
        locationKey: 'kargo-instance:sandbox',
      }),
    ]);
  });

  it('sends everything as a full mutation again after the catalog rejected one', async () => {
    const { provider, source, connection } = setup();
    await provider.connect(connection);
    source.getSnapshot.mockResolvedValue(snapshot());
    await provider.refresh();
    const stages = instanceSnapshot().stages.map(s =>
      s.name === 'uat' ? { ...s, verificationPhase: 'Failed' } : s,
    );
    source.getSnapshot.mockResolvedValue(
      snapshot(instanceSnapshot({ stages })),
    );
    connection.applyMutation.mockRejectedValueOnce(
      new Error('database is locked'),
    );
    await provider.refresh();
    await provider.refresh();

    expect(connection.applyMutation).toHaveBeenCalledTimes(3);
    const retried = connection.applyMutation.mock.calls[2][0];
    expect(retried.type).toBe('full');
    expect(namesOf(retried)).toHaveLength(8);
  });

  it('asks the catalog to reprocess entities of projects whose Stages changed', async () => {
    const { provider, source, connection } = setup();
    await provider.connect(connection);
    source.getSnapshot.mockResolvedValue(snapshot());
    await provider.refresh();
    expect(connection.refresh).toHaveBeenLastCalledWith({
      keys: ['kargo-project:checkout', 'kargo-project:payments'],
    });

    const stages = instanceSnapshot().stages.map(s =>
      s.name === 'uat' ? { ...s, verificationPhase: 'Failed' } : s,
    );
    source.getSnapshot.mockResolvedValue(
      snapshot(instanceSnapshot({ stages })),
    );
    await provider.refresh();
    expect(connection.refresh).toHaveBeenCalledTimes(2);
    expect(connection.refresh).toHaveBeenLastCalledWith({
      keys: ['kargo-project:payments'],
    });
  });

  it('logs, and does not throw, when the catalog rejects the mutation', async () => {
    const { provider, source, connection, logger } = setup();
    await provider.connect(connection);
    source.getSnapshot.mockResolvedValue(snapshot());
    connection.applyMutation.mockRejectedValueOnce(
      new Error('database is locked'),
    );
    await expect(provider.refresh()).resolves.toBeUndefined();
    expect(logger.error).toHaveBeenCalledWith(
      expect.stringContaining('database is locked'),
    );
  });

  it('fills the store before it is connected, so the processor has data', async () => {
    const { provider, source } = setup();
    source.getSnapshot.mockResolvedValue(snapshot());
    await provider.refresh();
    expect(provider.store.getInstance()?.instance).toBe('sandbox');
  });
});
