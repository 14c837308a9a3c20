import { Entity } from '@backstage/catalog-model';
import type {
  CatalogProcessorResult,
  LocationSpec,
} from '@backstage/plugin-catalog-node';
import { stageEntityName } from '@kargo-backstage/plugin-kargo-common';
import { instanceSnapshot, snapshot } from '../__fixtures__/snapshot';
import { KargoSnapshotStore } from '../snapshot/KargoSnapshotStore';
import { KargoEntityProcessor } from './KargoEntityProcessor';

const location: LocationSpec = { type: 'file', target: 'entities.yaml' };

function component(name: string, annotations?: Record<string, string>): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: { name, annotations },
    spec: { type: 'service', owner: 'guests', lifecycle: 'production' },
  };
}

async function process(processor: KargoEntityProcessor, entity: Entity) {
  const emitted: CatalogProcessorResult[] = [];
  const result = await processor.preProcessEntity(entity, location, r =>
    emitted.push(r),
  );
  const relations = emitted.flatMap(r =>
    r.type === 'relation'
      ? [
          `${r.relation.source.name} ${r.relation.type} ${r.relation.target.name}`,
        ]
      : [],
  );
  const refreshKeys = emitted.flatMap(r =>
    r.type === 'refresh' ? [r.key] : [],
  );
  return { result, relations, refreshKeys };
}

function loadedStore() {
  const store = new KargoSnapshotStore();
  store.update(snapshot());
  return store;
}

const annotation = (entity: Entity, key: string) =>
  entity.metadata.annotations?.[`kargo.akuity.io/${key}`];

describe('KargoEntityProcessor', () => {
  it('is named KargoEntityProcessor', () => {
    expect(
      new KargoEntityProcessor(new KargoSnapshotStore()).getProcessorName(),
    ).toBe('KargoEntityProcessor');
  });

  it('passes entities without a Kargo project unchanged and emits nothing', async () => {
    const entity = component('legacy-batch');
    const { result, relations, refreshKeys } = await process(
      new KargoEntityProcessor(loadedStore()),
      entity,
    );
    expect(result).toBe(entity);
    expect([...relations, ...refreshKeys]).toEqual([]);
  });

  it('rolls up the worst phase and the pull requests of the project', async () => {
    const processor = new KargoEntityProcessor(loadedStore());
    const payments = (
      await process(
        processor,
        component('payments-api', { 'kargo.akuity.io/project': 'payments' }),
      )
    ).result;
    expect(annotation(payments, 'verification-phase')).toBe('Failed');
    expect(annotation(payments, 'open-pull-requests')).toBe('1');
    expect(annotation(payments, 'project')).toBe('payments');

    const checkout = (
      await process(
        processor,
        component('checkout-service', {
          'kargo.akuity.io/project': 'checkout',
        }),
      )
    ).result;
    expect(annotation(checkout, 'verification-phase')).toBe('Successful');
    expect(annotation(checkout, 'open-pull-requests')).toBe('2');
  });

  it('writes no pull-request count while a Stage of the project was not listed yet', async () => {
    const pending = snapshot();
    for (const instance of pending.instances) {
      instance.stages = instance.stages.map(s =>
        s.project === 'checkout'
          ? { ...s, pullRequestsPending: true, openPullRequests: 0 }
          : s,
      );
    }
    const store = new KargoSnapshotStore();
    store.update(pending);
    const checkout = (
      await process(
        new KargoEntityProcessor(store),
        component('checkout-service', {
          'kargo.akuity.io/project': 'checkout',
        }),
      )
    ).result;
    expect(annotation(checkout, 'open-pull-requests')).toBeUndefined();
    expect(annotation(checkout, 'orphaned-pull-requests')).toBeUndefined();
    expect(annotation(checkout, 'verification-phase')).toBe('Successful');
  });

  it('restricts the rollup and relations to the listed Stages', async () => {
    const { result, relations } = await process(
      new KargoEntityProcessor(loadedStore()),
      component('storefront', {
        'kargo.akuity.io/project': 'checkout,payments',
        'kargo.akuity.io/stages': 'staging,uat',
      }),
    );
    expect(annotation(result, 'verification-phase')).toBe('Successful');
    expect(annotation(result, 'open-pull-requests')).toBe('0');
    expect(annotation(result, 'stages')).toBe('staging,uat');
    const staging = stageEntityName('sandbox', 'checkout', 'staging');
    const uat = stageEntityName('sandbox', 'payments', 'uat');
    expect(relations.sort()).toEqual(
      [
        `storefront dependsOn ${staging}`,
        `${staging} dependencyOf storefront`,
        `storefront dependsOn ${uat}`,
        `${uat} dependencyOf storefront`,
      ].sort(),
    );
  });

  it('relates the entity to every Stage entity of its project', async () => {
    const { relations } = await process(
      new KargoEntityProcessor(loadedStore()),
      component('checkout-service', { 'kargo.akuity.io/project': 'checkout' }),
    );
    expect(relations.filter(r => r.includes(' dependsOn '))).toEqual(
      ['dev', 'staging', 'prod'].map(
        s =>
          `checkout-service dependsOn ${stageEntityName(
            'sandbox',
            'checkout',
            s,
          )}`,
      ),
    );
  });

  it('tags annotated entities with a refresh key per project', async () => {
    const { refreshKeys } = await process(
      new KargoEntityProcessor(new KargoSnapshotStore()),
      component('storefront', {
        'kargo.akuity.io/project': 'checkout,payments',
      }),
    );
    expect(refreshKeys).toEqual([
      'kargo-project:checkout',
      'kargo-project:payments',
    ]);
  });

  it('adds nothing before the first snapshot', async () => {
    const entity = component('payments-api', {
      'kargo.akuity.io/project': 'payments',
    });
    const { result, relations } = await process(
      new KargoEntityProcessor(new KargoSnapshotStore()),
      entity,
    );
    expect(result).toBe(entity);
    expect(relations).toEqual([]);
  });

  it('adds nothing for an instance the snapshot does not hold', async () => {
    const entity = component('payments-api', {
      'kargo.akuity.io/project': 'payments',
      'kargo.akuity.io/instance': 'elsewhere',
    });
    const { result } = await process(
      new KargoEntityProcessor(loadedStore()),
      entity,
    );
    expect(result).toBe(entity);
  });

  it('reads the named instance', async () => {
    const store = new KargoSnapshotStore();
    store.update(
      snapshot(
        instanceSnapshot({ instance: 'eu', stages: [] }),
        instanceSnapshot({ instance: 'us' }),
      ),
    );
    const { result, relations } = await process(
      new KargoEntityProcessor(store),
      component('payments-api', {
        'kargo.akuity.io/project': 'payments',
        'kargo.akuity.io/instance': 'us',
      }),
    );
    expect(annotation(result, 'verification-phase')).toBe('Failed');
    expect(relations).toContain(
      `payments-api dependsOn ${stageEntityName('us', 'payments', 'qa')}`,
    );
  });

  it('keeps the rollups from the last good snapshot during an outage', async () => {
    const store = loadedStore();
    store.update(
      snapshot(
        instanceSnapshot({
          lastUpdated: null,
          error: 'unreachable',
          stages: [],
        }),
      ),
    );
    const { result } = await process(
      new KargoEntityProcessor(store),
      component('payments-api', { 'kargo.akuity.io/project': 'payments' }),
    );
    expect(annotation(result, 'verification-phase')).toBe('Failed');
  });

  it('leaves the Stage entities of the provider alone', async () => {
    const stage: Entity = {
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Resource',
      metadata: {
        name: 'stage',
        annotations: {
          'kargo.akuity.io/project': 'payments',
          'kargo.akuity.io/stage': 'uat',
          'kargo.akuity.io/verification-phase': 'Successful',
        },
      },
      spec: { type: 'kargo-stage', owner: 'unknown' },
    };
    const { result, relations } = await process(
      new KargoEntityProcessor(loadedStore()),
      stage,
    );
    expect(result).toBe(stage);
    expect(relations).toEqual([]);
  });
});
