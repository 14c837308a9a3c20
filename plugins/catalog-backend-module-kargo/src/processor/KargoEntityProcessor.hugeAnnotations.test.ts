import { Entity } from '@backstage/catalog-model';
import type {
  CatalogProcessorResult,
  LocationSpec,
} from '@backstage/plugin-catalog-node';
import { parseEntityKargoAnnotations } from '@kargo-backstage/plugin-kargo-common';
import {
  instanceSnapshot,
  snapshot,
  stageSummary,
} from '../__fixtures__/snapshot';
import { KargoSnapshotStore } from '../snapshot/KargoSnapshotStore';
import { KargoEntityProcessor } from './KargoEntityProcessor';

// Issue 35, attack 21: an entity's annotations were read whole, and anyone
// who may register a catalog location chooses them. A ~1 MB
// `kargo.akuity.io/stages` list (170,000 names) was matched against every
// Stage of the named project (2,000 Stages: 0.8-1.0 s per processing, every
// catalog loop) and a ~1 MB `kargo.akuity.io/project` list emitted 170,001
// refresh keys. The parser now reads 10 projects and 100 Stages.
jest.setTimeout(30_000);

const location: LocationSpec = { type: 'file', target: 'entities.yaml' };
const MADE_UP = 170_000;
const names = (prefix: string) =>
  Array.from(
    { length: MADE_UP },
    (_, i) => `${prefix}${i.toString(36).padStart(4, '0')}`,
  );
const STAGES = 2_000;

describe('an entity with 1 MB Kargo annotations', () => {
  const store = new KargoSnapshotStore();
  store.update(
    snapshot(
      instanceSnapshot({
        projects: ['big'],
        stages: Array.from({ length: STAGES }, (_, i) =>
          stageSummary({ project: 'big', name: `stage-${i}` }),
        ),
      }),
    ),
  );
  const projectAnnotation = ['big', ...names('p')].join(',');
  const stagesAnnotation = names('s').join(',');
  const entity: Entity = {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: 'huge',
      annotations: {
        'kargo.akuity.io/project': projectAnnotation,
        'kargo.akuity.io/stages': stagesAnnotation,
      },
    },
    spec: { type: 'service', owner: 'guests', lifecycle: 'production' },
  };

  it('reads 100 of 170,000 Stage names and emits a refresh key for each of the first 10 projects, not 170,001', async () => {
    // ~1 MB each: within what a catalog entity holds.
    expect(projectAnnotation.length).toBeLessThan(1_100_000);
    expect(stagesAnnotation.length).toBeLessThan(1_100_000);
    const parsed = parseEntityKargoAnnotations(entity.metadata.annotations);
    expect(parsed.projects).toHaveLength(10);
    expect(parsed.stages).toHaveLength(100);

    const emitted: CatalogProcessorResult[] = [];
    await new KargoEntityProcessor(store).preProcessEntity(
      entity,
      location,
      r => emitted.push(r),
    );
    expect(emitted.filter(r => r.type === 'refresh')).toHaveLength(10);
    // No Stage of big is among the names read.
    expect(emitted.filter(r => r.type === 'relation')).toHaveLength(0);
  });
});
