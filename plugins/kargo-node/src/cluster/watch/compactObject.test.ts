import {
  Interner,
  type KubeObject,
} from '@kargo-backstage/plugin-kargo-common';
import { ObjectCompactor } from './compactObject';

const TIME = '2026-06-01T00:00:00Z';

/** An object as the API server sends it (fields the compactor drops too). */
type Wire = Record<string, any>;

function stage(name: string): Wire {
  return {
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Stage',
    metadata: {
      name,
      namespace: 'shop',
      uid: `uid-${name}`,
      resourceVersion: `rv-${name}`,
      creationTimestamp: TIME,
      labels: { team: 'payments' },
      annotations: {
        'kubectl.kubernetes.io/last-applied-configuration': '{"kind":"Stage"}',
        note: 'kept',
      },
      managedFields: [{ manager: 'kargo', time: TIME }],
    },
    spec: {
      requestedFreight: [{ origin: { kind: 'Warehouse', name: 'shop' } }],
    },
    status: {
      phase: 'Steady',
      lastHandledRefresh: TIME,
      conditions: [
        {
          type: 'Ready',
          status: 'True',
          reason: 'Ready',
          lastTransitionTime: TIME,
        },
      ],
      freightHistory: [
        {
          items: {
            'Warehouse/shop': {
              name: 'f1',
              origin: { kind: 'Warehouse', name: 'shop' },
            },
          },
          verificationHistory: [
            { id: `v-${name}`, phase: 'Successful', startTime: TIME },
          ],
        },
      ],
    },
  };
}

/** As from the wire: every string its own copy. */
const read = (object: Wire): KubeObject => JSON.parse(JSON.stringify(object));

describe('ObjectCompactor', () => {
  it('keeps what derivations read, and only that, of the metadata', () => {
    const compacted = new ObjectCompactor().compact(
      'stages',
      read(stage('test')),
    );
    const { spec, status, metadata } = stage('test');
    expect(compacted).toEqual({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: {
        name: 'test',
        namespace: 'shop',
        resourceVersion: 'rv-test',
        creationTimestamp: TIME,
        labels: metadata!.labels,
        annotations: { note: 'kept' },
      },
      spec,
      status,
    });
  });

  it('changes no value of the parts it holds once', () => {
    const compactor = new ObjectCompactor();
    const promotion = (name: string): Wire => ({
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Promotion',
      metadata: { name, namespace: 'shop' },
      spec: { stage: 'test', steps: [{ uses: 'git-clone', as: 'clone' }] },
      status: { phase: 'Succeeded', freight: { name: 'f1' }, finishedAt: TIME },
    });
    for (const name of ['p1', 'p2'])
      expect(compactor.compact('promotions', read(promotion(name)))).toEqual(
        promotion(name),
      );
  });

  it('holds the short strings that objects repeat once, in the table', () => {
    const strings = new Interner();
    const intern = jest.spyOn(strings, 'intern');
    const compactor = new ObjectCompactor(undefined, strings);
    compactor.compact('stages', read(stage('test')));
    const seen = strings.size;
    // Names, label values, phases, reasons and timestamps go through the table.
    for (const s of [
      'test',
      'shop',
      'payments',
      'kept',
      'Steady',
      'Successful',
      'Ready',
      TIME,
      'f1',
    ])
      expect(intern).toHaveBeenCalledWith(s);
    // A second Stage adds only its own strings: name, resourceVersion, verification id.
    compactor.compact('stages', read(stage('uat')));
    expect(strings.size).toBe(seen + 3);
  });

  // Issue 35, attack 4: a Kargo object is JSON any project member writes (a
  // step's config, a step's output in a Promotion's state) and the API server
  // stores up to 10,000 levels deep. One such object threw (JSON.stringify
  // and the interning walk recursed past the stack), which failed the
  // cluster-wide LIST page it came in, so every project's Stages went stale.
  it('keeps an object nested as deep as the API server stores, without throwing', () => {
    const deep = (depth: number): Wire => {
      let value: Wire = { leaf: 'x' };
      for (let i = 0; i < depth; i++) value = { a: value };
      return value;
    };
    const compactor = new ObjectCompactor();
    const tenant = stage('tenant');
    tenant.spec.promotionTemplate = {
      spec: { steps: [{ uses: 'compose-output', config: deep(9_500) }] },
    };
    const promotion: Wire = {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Promotion',
      metadata: { name: 'p1', namespace: 'shop' },
      spec: { stage: 'tenant', steps: [{ uses: 'compose-output', as: 'out' }] },
      status: { phase: 'Succeeded', state: { out: deep(9_500) } },
    };
    const compactedStage = compactor.compact('stages', tenant as KubeObject);
    const compactedPromotion = compactor.compact(
      'promotions',
      promotion as KubeObject,
    );
    expect(compactedStage.metadata?.name).toBe('tenant');
    expect(compactedPromotion.metadata?.name).toBe('p1');
    // The next object is compacted as before.
    expect(compactor.compact('stages', read(stage('uat')))).toMatchObject({
      metadata: { name: 'uat' },
    });
  });

  // Issue 35, attack 5: keys a project member chooses (`__proto__`,
  // `constructor`) in labels, annotations, step configs and outputs stay
  // plain keys through compaction and interning, and pollute nothing; a wide
  // object (100,000 keys, a 100,000-item array) is compacted as well.
  it('keeps __proto__ and constructor keys as plain keys, and compacts wide objects, polluting nothing', () => {
    const hostile = (): Wire =>
      JSON.parse(
        '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"x":"y"}',
      );
    const compactor = new ObjectCompactor();
    const tenant = stage('tenant');
    tenant.metadata.labels = hostile();
    tenant.metadata.annotations = {
      ...hostile(),
      'kubectl.kubernetes.io/last-applied-configuration': '{}',
    };
    const wide: Wire = {};
    for (let i = 0; i < 100_000; i++) wide[`k${i}`] = `v${i % 10}`;
    tenant.spec.promotionTemplate = {
      spec: {
        steps: [
          { uses: 'compose-output', config: hostile() },
          { uses: 'compose-output', config: wide },
          {
            uses: 'compose-output',
            config: { list: Array.from({ length: 100_000 }, () => 'same') },
          },
        ],
      },
    };
    const promotion: Wire = {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Promotion',
      metadata: { name: 'p1', namespace: 'shop' },
      spec: { stage: 'tenant', steps: [{ uses: 'compose-output', as: 'out' }] },
      status: { phase: 'Succeeded', state: hostile() },
    };
    const compacted = compactor.compact('stages', tenant as KubeObject);
    const compactedPromotion = compactor.compact(
      'promotions',
      promotion as KubeObject,
    );
    expect(Object.keys(compacted.metadata!.labels!)).toEqual([
      '__proto__',
      'constructor',
      'x',
    ]);
    expect(Object.keys(compacted.metadata!.annotations!)).toEqual([
      '__proto__',
      'constructor',
      'x',
    ]);
    expect(Object.keys((compactedPromotion as Wire).status.state)).toEqual([
      '__proto__',
      'constructor',
      'x',
    ]);
    const steps = (compacted as Wire).spec.promotionTemplate.spec.steps;
    expect(Object.keys(steps[1].config)).toHaveLength(100_000);
    expect(steps[2].config.list).toHaveLength(100_000);
    expect(({} as Wire).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(compacted.metadata!.labels)).toBe(
      Object.prototype,
    );
  });

  // Issue 35, attack 5 (medium): the table of parts held once was bounded
  // by count (100,000) only, and a part is whatever a project member wrote:
  // each edit of a Stage's template (up to the API server's 1.5 MB) left its
  // JSON and its step list in the table after the Stage moved on, so a
  // script editing one Stage 2,000 times made the backend hold ~3 GB, for
  // every project of the instance, until it ran out of memory.
  it("holds a bounded amount of JSON however often a Stage's template changes, and still shares equal parts", () => {
    const compactor = new ObjectCompactor();
    const filler = 'x'.repeat(1000);
    const version = (v: number): Wire => {
      const edited = stage('hostile');
      edited.spec.promotionTemplate = {
        spec: {
          steps: Array.from({ length: 500 }, (_, i) => ({
            uses: 'compose-output',
            as: `s${i}`,
            config: { v, filler },
          })),
        },
      };
      return edited;
    };
    for (let v = 0; v < 200; v++) {
      compactor.compact('stages', version(v) as KubeObject);
    }
    const held = (compactor as unknown as { parts: Map<string, unknown> })
      .parts;
    const chars = [...held.keys()].reduce((n, key) => n + key.length, 0);
    // 200 versions of ~0.5 MB each: ~107 MB before; 64 Mi at most now.
    expect(chars).toBeLessThanOrEqual(64 * 2 ** 20);
    // Equal parts are still held once.
    const a = compactor.compact('stages', version(500) as KubeObject) as Wire;
    const b = compactor.compact('stages', version(500) as KubeObject) as Wire;
    expect(b.spec.promotionTemplate.spec.steps).toBe(
      a.spec.promotionTemplate.spec.steps,
    );
  });
});
