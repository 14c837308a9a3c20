import { loadCrdResourceTypes, ResourceRegistry } from './resources';
import { KubeObject, ObjectStore } from './store';

const registry = new ResourceRegistry(loadCrdResourceTypes());
const stages = registry.find('kargo.akuity.io', 'v1alpha1', 'stages')!;
const namespaces = registry.find('', 'v1', 'namespaces')!;

const stage = (namespace: string, name: string): KubeObject => ({
  apiVersion: 'kargo.akuity.io/v1alpha1',
  kind: 'Stage',
  metadata: { name, namespace },
  spec: {},
});

const names = (objects: readonly KubeObject[]) =>
  objects.map(o => `${o.metadata.namespace}/${o.metadata.name}`);

describe('ObjectStore LIST', () => {
  it('keeps a namespace LIST as it was after a write to another namespace, and redoes it after a write to it', () => {
    const store = new ObjectStore();
    for (const ns of ['shop', 'bank'])
      for (const name of ['b', 'a']) store.create(stages, stage(ns, name));
    const shop = store.peek(stages, 'shop');

    store.create(stages, stage('bank', 'c'));
    // Not even looked at: a fleet's LIST per namespace cost a scan of every object.
    expect(store.peek(stages, 'shop')).toBe(shop);

    store.create(stages, stage('shop', 'c'));
    expect(names(store.peek(stages, 'shop'))).toEqual([
      'shop/a',
      'shop/b',
      'shop/c',
    ]);
  });

  it('orders a cluster-wide LIST by namespace/name, as kube-apiserver', () => {
    const store = new ObjectStore();
    for (const ns of ['a', 'a-b', 'b']) store.create(stages, stage(ns, 'x'));
    // "a-b/x" < "a/x" because "-" < "/", although "a" < "a-b".
    expect(names(store.peek(stages))).toEqual(['a-b/x', 'a/x', 'b/x']);
    store.delete(stages, 'a-b', 'x');
    expect(names(store.list(stages))).toEqual(['a/x', 'b/x']);
  });
});

describe('ObjectStore watch log', () => {
  it('keeps the newest events only and answers expired before them', () => {
    const store = new ObjectStore(3);
    const rvs = ['a', 'b', 'c', 'd', 'e'].map(
      n => store.create(stages, stage('shop', n)).metadata.resourceVersion!,
    );
    const since = (rv: string) => {
      const events = store.eventsSince(Number(rv));
      return events === 'expired'
        ? events
        : events.map(e => e.object.metadata.name);
    };
    expect(since(rvs[1])).toEqual(['c', 'd', 'e']);
    expect(since(rvs[3])).toEqual(['e']);
    expect(since(rvs[0])).toBe('expired');
  });
});

describe('ObjectStore.bulkLoad', () => {
  it('stores the objects it is given with resourceVersions, and records no events', () => {
    const store = new ObjectStore();
    const before = store.currentRv();
    const heard: unknown[] = [];
    store.subscribe(e => heard.push(e));
    const given = [stage('shop', 'dev'), stage('shop', 'qa')];

    store.bulkLoad(() => given.forEach(o => store.create(stages, o)));

    const stored = store.peek(stages, 'shop');
    // One copy per object: the one it was handed, not a copy of it.
    expect(stored[0]).toBe(given[0]);
    expect(stored.map(o => o.metadata.resourceVersion)).toEqual([
      String(Number(before) + 1),
      String(Number(before) + 2),
    ]);
    expect(store.currentRv()).toBe(String(Number(before) + 2));
    expect(heard).toEqual([]);
    // History starts after the load, as after an etcd compaction.
    expect(store.eventsSince(Number(before))).toBe('expired');
    expect(store.eventsSince(Number(store.currentRv()))).toEqual([]);
  });

  it('records writes after the load as usual', () => {
    const store = new ObjectStore();
    store.bulkLoad(() =>
      store.create(namespaces, {
        apiVersion: 'v1',
        kind: 'Namespace',
        metadata: { name: 'shop' },
      }),
    );
    const rv = Number(store.currentRv());
    store.create(stages, stage('shop', 'dev'));
    const events = store.eventsSince(rv);
    expect(events !== 'expired' && events.map(e => e.type)).toEqual(['ADDED']);
  });
});
