import type { InstanceSnapshot } from '@kargo-backstage/plugin-kargo-common';

/**
 * Refresh key the processor attaches to every entity naming a project, so the
 * provider can ask the catalog to reprocess exactly those entities when the
 * project's Stages change instead of waiting for the next processing loop.
 */
export function projectRefreshKey(project: string): string {
  return `kargo-project:${project}`;
}

/** Per project, a string that changes when any input of a rollup changes. */
export function projectFingerprints(
  instances: readonly InstanceSnapshot[],
): Map<string, string> {
  const parts = new Map<string, string[]>();
  for (const instance of instances) {
    for (const project of instance.projects) {
      parts.set(project, parts.get(project) ?? []);
    }
    for (const stage of instance.stages) {
      const list = parts.get(stage.project) ?? [];
      list.push(
        JSON.stringify([
          instance.instance,
          stage.name,
          stage.verificationPhase,
          stage.openPullRequests,
        ]),
      );
      parts.set(stage.project, list);
    }
  }
  return new Map(
    [...parts].map(([project, list]) => [project, list.sort().join('\n')]),
  );
}

/** Projects that appeared, disappeared or changed between two fingerprints. */
export function changedProjects(
  before: ReadonlyMap<string, string>,
  after: ReadonlyMap<string, string>,
): string[] {
  const projects = new Set([...before.keys(), ...after.keys()]);
  return [...projects]
    .filter(project => before.get(project) !== after.get(project))
    .sort();
}
