import type {
  InstanceSnapshot,
  SnapshotResponse,
} from '@kargo-backstage/plugin-kargo-common';

/** Gathered completely by the backend's last run: safe to replace the catalog from. */
export function isCompleteInstance(instance: InstanceSnapshot): boolean {
  return !instance.stale && !instance.error && instance.lastUpdated !== null;
}

function hasData(instance: InstanceSnapshot): boolean {
  return instance.lastUpdated !== null;
}

/**
 * The incoming instance, with the Stages `kept` had of each project the
 * incoming one could not read (listed incomplete, no Stages): a project that
 * fails its first read after a backend restart keeps its Stages and rollups.
 */
export function withKeptIncompleteProjects(
  incoming: InstanceSnapshot,
  kept: InstanceSnapshot | undefined,
): InstanceSnapshot {
  const incomplete = new Set(incoming.incompleteProjects ?? []);
  const present = new Set(incoming.stages.map(s => s.project));
  const carried = (kept?.stages ?? []).filter(
    s => incomplete.has(s.project) && !present.has(s.project),
  );
  if (carried.length === 0) return incoming;
  const projects = new Set([
    ...incoming.projects,
    ...carried.map(s => s.project),
  ]);
  return {
    ...incoming,
    projects: [...projects].sort(),
    stages: [...incoming.stages, ...carried],
  };
}

/**
 * Projects of the instance that are incomplete and of which nothing is known
 * (no Stages, now or kept): a full mutation would delete their entities.
 */
export function unknownProjects(instance: InstanceSnapshot): string[] {
  const present = new Set(instance.stages.map(s => s.project));
  return (instance.incompleteProjects ?? []).filter(p => !present.has(p));
}

function isOlder(candidate: InstanceSnapshot, kept: InstanceSnapshot): boolean {
  return (
    Date.parse(candidate.lastUpdated ?? '') < Date.parse(kept.lastUpdated ?? '')
  );
}

/**
 * The last good snapshot of each Kargo instance, held in memory and shared by
 * the entity provider (which fills it on its schedule) and the processor
 * (which reads it for every entity, so processing makes no network call).
 *
 * An instance whose newest answer carries no data (the backend restarted
 * while the cluster is down) keeps its previous data: rollups survive an
 * outage. An instance missing from a successful answer was removed from the
 * configuration and is dropped.
 *
 * @public
 */
export class KargoSnapshotStore {
  private instances: InstanceSnapshot[] = [];
  /** The first configured instance, even while it has no data. */
  private defaultInstance: string | undefined;

  update(response: SnapshotResponse): void {
    const previous = new Map(this.instances.map(i => [i.instance, i]));
    const next: InstanceSnapshot[] = [];
    for (const incoming of response.instances) {
      const kept = previous.get(incoming.instance);
      if (kept && (!hasData(incoming) || isOlder(incoming, kept))) {
        next.push(kept);
      } else if (hasData(incoming)) {
        next.push(withKeptIncompleteProjects(incoming, kept));
      }
    }
    this.instances = next;
    this.defaultInstance = response.instances[0]?.instance;
  }

  /** The named instance, or the first configured one when no name is given. */
  getInstance(name?: string): InstanceSnapshot | undefined {
    const wanted = name ?? this.defaultInstance;
    return this.instances.find(i => i.instance === wanted);
  }

  getInstances(): readonly InstanceSnapshot[] {
    return this.instances;
  }
}
