import { instanceSnapshot } from '../__fixtures__/snapshot';
import { isCompleteInstance, KargoSnapshotStore } from './KargoSnapshotStore';

describe('isCompleteInstance', () => {
  it('accepts only a fresh, error-free, gathered instance', () => {
    expect(isCompleteInstance(instanceSnapshot())).toBe(true);
    expect(isCompleteInstance(instanceSnapshot({ stale: true }))).toBe(false);
    expect(isCompleteInstance(instanceSnapshot({ error: 'boom' }))).toBe(false);
    expect(isCompleteInstance(instanceSnapshot({ lastUpdated: null }))).toBe(
      false,
    );
  });
});

describe('KargoSnapshotStore', () => {
  it('is empty until the first snapshot', () => {
    const store = new KargoSnapshotStore();
    expect(store.getInstance()).toBeUndefined();
    expect(store.getInstances()).toEqual([]);
  });

  it('answers the first configured instance by default, others by name', () => {
    const store = new KargoSnapshotStore();
    const eu = instanceSnapshot({ instance: 'eu' });
    const us = instanceSnapshot({ instance: 'us' });
    store.update({ instances: [eu, us] });
    expect(store.getInstance()).toBe(eu);
    expect(store.getInstance('us')).toBe(us);
    expect(store.getInstance('asia')).toBeUndefined();
  });

  it('keeps the last good data of an instance whose newest answer has none', () => {
    const store = new KargoSnapshotStore();
    const good = instanceSnapshot();
    store.update({ instances: [good] });
    store.update({
      instances: [
        instanceSnapshot({
          lastUpdated: null,
          error: 'unreachable',
          stages: [],
        }),
      ],
    });
    expect(store.getInstance()).toBe(good);
  });

  it('does not answer a different instance while the default one has no data', () => {
    const store = new KargoSnapshotStore();
    store.update({
      instances: [
        instanceSnapshot({ instance: 'eu', lastUpdated: null, stages: [] }),
        instanceSnapshot({ instance: 'us' }),
      ],
    });
    expect(store.getInstance()).toBeUndefined();
    expect(store.getInstance('us')?.instance).toBe('us');
  });

  it('takes stale data that is newer, ignores data that is older', () => {
    const store = new KargoSnapshotStore();
    store.update({ instances: [instanceSnapshot()] });
    const newer = instanceSnapshot({
      stale: true,
      lastUpdated: '2026-11-30T12:05:00.000Z',
    });
    store.update({ instances: [newer] });
    expect(store.getInstance()).toBe(newer);
    store.update({
      instances: [
        instanceSnapshot({ lastUpdated: '2026-11-30T11:00:00.000Z' }),
      ],
    });
    expect(store.getInstance()).toBe(newer);
  });

  it('drops instances a successful answer no longer lists', () => {
    const store = new KargoSnapshotStore();
    store.update({ instances: [instanceSnapshot({ instance: 'old' })] });
    store.update({ instances: [instanceSnapshot({ instance: 'new' })] });
    expect(store.getInstances().map(i => i.instance)).toEqual(['new']);
  });
});
