import type {
  LoggerService,
  SchedulerService,
} from '@backstage/backend-plugin-api';
import type { Config } from '@backstage/config';
import type {
  DeferredEntity,
  EntityProvider,
  EntityProviderConnection,
} from '@backstage/plugin-catalog-node';
import type {
  InstanceSnapshot,
  SnapshotResponse,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoSnapshotSource } from '../client';
import { KargoCatalogConfig, readKargoCatalogConfig } from '../config';
import { resolveOwner } from '../entities/owner';
import { buildStageEntity } from '../entities/stageEntity';
import {
  isCompleteInstance,
  KargoSnapshotStore,
  unknownProjects,
} from '../snapshot/KargoSnapshotStore';
import { mirroredSnapshot } from '../snapshot/mirror';
import { planMutation, type AppliedEntities } from './entityDelta';
import {
  changedProjects,
  projectFingerprints,
  projectRefreshKey,
} from '../snapshot/projectChanges';

/** @public */
export interface KargoStageEntityProviderOptions {
  logger: LoggerService;
  scheduler: SchedulerService;
  source: KargoSnapshotSource;
  /** Shared with the processor; created when not given. */
  store?: KargoSnapshotStore;
}

function describeInstanceProblem(instance: InstanceSnapshot): string {
  if (instance.error) {
    return `${instance.instance} (${instance.error})`;
  }
  return instance.lastUpdated === null
    ? `${instance.instance} (not gathered yet)`
    : `${instance.instance} (stale)`;
}

/**
 * Emits one `kargo-stage` Resource entity per Kargo Stage from the Kargo
 * backend's snapshot, and fills the snapshot store the processor reads.
 *
 * Only the configured projects and fields are mirrored (`projects`,
 * `includePullRequestUrls`, `includeErrorText`): mirrored data follows
 * catalog permissions. A full mutation (which deletes what it does not list)
 * is applied only when every instance was gathered completely and every
 * project is known; otherwise entities are upserted and nothing is removed,
 * so an outage (of a cluster or of one project) never empties the catalog.
 *
 * @public
 */
export class KargoStageEntityProvider implements EntityProvider {
  private connection?: EntityProviderConnection;
  /** What the catalog was last given; unknown after a start or a rejected mutation. */
  private applied?: AppliedEntities;
  private fingerprints = new Map<string, string>();

  static fromConfig(
    config: Config,
    options: KargoStageEntityProviderOptions,
  ): KargoStageEntityProvider {
    return new KargoStageEntityProvider(
      readKargoCatalogConfig(config),
      options,
      options.store ?? new KargoSnapshotStore(),
    );
  }

  private constructor(
    private readonly config: KargoCatalogConfig,
    private readonly options: KargoStageEntityProviderOptions,
    /** The snapshot store this provider fills. */
    readonly store: KargoSnapshotStore,
  ) {}

  getProviderName(): string {
    return 'KargoStageEntityProvider';
  }

  async connect(connection: EntityProviderConnection): Promise<void> {
    this.connection = connection;
    // Local scope: every replica needs the snapshot in memory for its
    // processor, and the mutation it applies is the same on every replica.
    await this.options.scheduler.scheduleTask({
      id: `${this.getProviderName()}:refresh`,
      ...this.config.schedule,
      scope: 'local',
      fn: () => this.refresh(),
    });
  }

  /** One run of the task: read, remember, apply. Logs errors, never throws. */
  async refresh(): Promise<void> {
    const { logger, source } = this.options;
    let response: SnapshotResponse;
    try {
      response = await source.getSnapshot();
    } catch (error) {
      logger.warn(
        `Could not read the Kargo snapshot; Stage entities and rollups stay as they are: ${error}`,
      );
      return;
    }
    response = mirroredSnapshot(response, this.config);
    this.store.update(response);
    if (!this.connection) {
      return;
    }
    try {
      await this.applyEntities(this.connection, response);
      await this.refreshChangedProjects(this.connection);
    } catch (error) {
      logger.error(`Could not update the Kargo Stage entities: ${error}`);
    }
  }

  private async applyEntities(
    connection: EntityProviderConnection,
    response: SnapshotResponse,
  ): Promise<void> {
    // Built from the store: it keeps the Stages of projects the backend could
    // not read this time (completeness is per project, not only per instance).
    const read = response.instances
      .filter(isCompleteInstance)
      .map(i => this.store.getInstance(i.instance) ?? i);
    const incomplete = response.instances.filter(i => !isCompleteInstance(i));
    const unknown = read.flatMap(i =>
      unknownProjects(i).map(p => `${i.instance}/${p}`),
    );
    const entities = read.flatMap(instance => this.entitiesOf(instance));

    const complete = incomplete.length === 0 && unknown.length === 0;
    if (!complete) {
      this.options.logger.warn(
        `Kargo snapshot incomplete for ${[
          ...incomplete.map(describeInstanceProblem),
          ...unknown.map(p => `project ${p} (not read yet)`),
        ].join(', ')}; keeping their Stage entities and removing none`,
      );
    }
    const plan = planMutation(entities, this.applied, complete);
    if (!plan.mutation) {
      return;
    }
    // Rejected: nothing is known of what the catalog holds; the next run
    // sends everything again (a full mutation once complete).
    this.applied = undefined;
    await connection.applyMutation(plan.mutation);
    this.applied = plan.applied;
    const count =
      plan.mutation.type === 'full'
        ? plan.mutation.entities.length
        : `${plan.mutation.added.length} added or changed, ${plan.mutation.removed.length} removed,`;
    this.options.logger.debug(
      `Applied a ${plan.mutation.type} mutation of ${count} Kargo Stage entities`,
    );
  }

  private entitiesOf(instance: InstanceSnapshot): DeferredEntity[] {
    const locationKey = `kargo-instance:${instance.instance}`;
    const seen = new Set<string>();
    const result: DeferredEntity[] = [];
    for (const stage of instance.stages) {
      const summary = { ...stage, instance: instance.instance };
      const owner = resolveOwner(
        this.config,
        summary.instance,
        summary.project,
      );
      try {
        const entity = buildStageEntity(summary, owner);
        if (!seen.has(entity.metadata.name)) {
          seen.add(entity.metadata.name);
          result.push({ entity, locationKey });
        }
      } catch (error) {
        this.options.logger.warn(
          `Skipping Kargo Stage ${summary.project}/${summary.name} of ${summary.instance}: ${error}`,
        );
      }
    }
    return result;
  }

  /** Asks the catalog to reprocess entities whose rollups may have changed. */
  private async refreshChangedProjects(
    connection: EntityProviderConnection,
  ): Promise<void> {
    const next = projectFingerprints(this.store.getInstances());
    const changed = changedProjects(this.fingerprints, next);
    if (changed.length > 0) {
      await connection.refresh({ keys: changed.map(projectRefreshKey) });
    }
    this.fingerprints = next;
  }
}
