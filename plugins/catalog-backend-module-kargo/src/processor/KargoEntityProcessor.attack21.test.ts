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

// Issue 35, attack 21 (medium): attack 20 capped the projects the entity
// route reads at 10, but an entity's annotations are otherwise unbounded,
// and anyone who may register a catalog location chooses them. A ~1 MB
// `kargo.akuity.io/stages` list (170,000 short names) is matched with
// `Array.includes` once per Stage of the named project, and a ~1 MB
// `kargo.akuity.io/project` list emits one refresh key per made-up name.
// Measured on this machine (2 CPUs, Node 22): one preProcessEntity of such
// an entity naming a real 2,000-Stage project took 0.8-1.0 s of the
// backend's thread (parse ~0.2 s; 2,000 x 170,000 = 3.4e8 string
// comparisons) and emitted 170,001 refresh keys; it is repeated every
// catalog processing loop, per such entity. The entity route
// (router/entityRoutes.ts) and MCP list-stages' entityRef filter apply the
// same `annotationsNameStage` to the same unbounded list on each request.
jest.setTimeout(30_000);

const location: LocationSpec = { type: 'file', target: 'entities.yaml' };
const MADE_UP = 170_000;
const names = (prefix: string) =>
  Array.from(
    { length: MADE_UP },
    (_, i) => `${prefix}${i.toString(36).padStart(4, '0')}`,
  );
const STAGES = 2_000;

describe('an entity with 1 MB Kargo annotations (attack 21)', () => {
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

  it('keeps every one of 170,000 Stage names (each Stage of the project is matched against all) and emits a refresh key per made-up project', async () => {
    // ~1 MB each: within what a catalog entity holds.
    expect(projectAnnotation.length).toBeLessThan(1_100_000);
    expect(stagesAnnotation.length).toBeLessThan(1_100_000);
    const parsed = parseEntityKargoAnnotations(entity.metadata.annotations);
    expect(parsed.projects).toHaveLength(MADE_UP + 1);
    expect(parsed.stages).toHaveLength(MADE_UP);

    const emitted: CatalogProcessorResult[] = [];
    await new KargoEntityProcessor(store).preProcessEntity(
      entity,
      location,
      r => emitted.push(r),
    );
    // 170,001 refresh keys (one per annotated project, made-up ones too).
    expect(emitted.filter(r => r.type === 'refresh')).toHaveLength(MADE_UP + 1);
    // No Stage matched: each of the 2,000 Stages was compared with all
    // 170,000 names (3.4e8 comparisons) to find that out.
    expect(emitted.filter(r => r.type === 'relation')).toHaveLength(0);
  });
});
