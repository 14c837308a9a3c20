import {
  Entity,
  getCompoundEntityRef,
  RELATION_DEPENDENCY_OF,
  RELATION_DEPENDS_ON,
} from '@backstage/catalog-model';
import {
  CatalogProcessor,
  CatalogProcessorEmit,
  LocationSpec,
  processingResult,
} from '@backstage/plugin-catalog-node';
import {
  KARGO_ANNOTATIONS,
  KARGO_STAGE_ENTITY_TYPE,
  parseEntityKargoAnnotations,
  stageEntityName,
} from '@kargo-backstage/plugin-kargo-common';
import { computeRollup } from '../entities/rollup';
import { STAGE_ENTITY_NAMESPACE } from '../entities/stageEntity';
import type { KargoSnapshotStore } from '../snapshot/KargoSnapshotStore';
import { mirroredProjects } from '../snapshot/mirror';
import { projectRefreshKey } from '../snapshot/projectChanges';

function isStageEntity(entity: Entity): boolean {
  return (
    entity.kind.toLocaleLowerCase('en-US') === 'resource' &&
    entity.spec?.type === KARGO_STAGE_ENTITY_TYPE
  );
}

/**
 * Adds Kargo rollups to entities annotated with `kargo.akuity.io/project`:
 * the worst current verification phase and the number of open pull requests
 * of their Stages, plus `dependsOn` relations to the Stage entities.
 *
 * It reads the snapshot held in memory by the entity provider, never the
 * network: the catalog runs processors for every entity every few minutes.
 * While no snapshot was ever read, entities pass unchanged; during an outage
 * the last good snapshot keeps the rollups and relations in place.
 *
 * @public
 */
export class KargoEntityProcessor implements CatalogProcessor {
  constructor(private readonly store: KargoSnapshotStore) {}

  getProcessorName(): string {
    return 'KargoEntityProcessor';
  }

  async preProcessEntity(
    entity: Entity,
    _location: LocationSpec,
    emit: CatalogProcessorEmit,
  ): Promise<Entity> {
    const annotations = entity.metadata.annotations;
    // Stage entities carry the project annotation too; the provider owns them.
    if (!annotations?.[KARGO_ANNOTATIONS.project] || isStageEntity(entity)) {
      return entity;
    }
    const target = parseEntityKargoAnnotations(annotations);
    for (const project of target.projects) {
      emit(processingResult.refresh(projectRefreshKey(project)));
    }
    const instance = this.store.getInstance(target.instance);
    // Only projects the provider mirrors are rolled up; others stay untouched.
    const mirrored = instance ? mirroredProjects(instance) : new Set<string>();
    const projects = target.projects.filter(p => mirrored.has(p));
    if (!instance || projects.length === 0) {
      return entity;
    }

    const rollup = computeRollup(instance, { ...target, projects });
    const self = getCompoundEntityRef(entity);
    for (const stage of rollup.stages) {
      const stageRef = {
        kind: 'Resource',
        namespace: STAGE_ENTITY_NAMESPACE,
        name: stageEntityName(instance.instance, stage.project, stage.name),
      };
      emit(
        processingResult.relation({
          source: self,
          type: RELATION_DEPENDS_ON,
          target: stageRef,
        }),
      );
      emit(
        processingResult.relation({
          source: stageRef,
          type: RELATION_DEPENDENCY_OF,
          target: self,
        }),
      );
    }

    return {
      ...entity,
      metadata: {
        ...entity.metadata,
        annotations: {
          ...annotations,
          [KARGO_ANNOTATIONS.verificationPhase]: rollup.verificationPhase,
          // Not known yet (a repository not listed): no count, never "0".
          ...(rollup.pullRequestsPending
            ? {}
            : {
                [KARGO_ANNOTATIONS.openPullRequests]: String(
                  rollup.openPullRequests,
                ),
                [KARGO_ANNOTATIONS.orphanedPullRequests]: String(
                  rollup.orphanedPullRequests,
                ),
              }),
          [KARGO_ANNOTATIONS.verificationStale]: String(
            rollup.verificationStale,
          ),
        },
      },
    };
  }
}
