import type {
  InstanceSnapshot,
  SnapshotResponse,
} from '@kargo-backstage/plugin-kargo-common';

/** Replaces error text when `includeErrorText` is false. */
export const HIDDEN = 'details are not mirrored into the catalog';

/** What of the Kargo snapshot the catalog mirrors (`catalog.providers.kargo`). */
export interface KargoMirrorConfig {
  /** Project names to mirror; undefined mirrors every project. */
  projects?: string[];
  /** Keep the open pull request URLs (links and annotation). */
  includePullRequestUrls: boolean;
  /** Keep the error text of Stages and instances. */
  includeErrorText: boolean;
}

/**
 * The part of the snapshot the catalog may publish. Mirrored data follows
 * catalog permissions, not `kargo.stage.read`: whoever may read a catalog
 * entity reads what is mirrored into it, so only configured projects and
 * fields go in.
 */
export function mirroredSnapshot(
  response: SnapshotResponse,
  config: KargoMirrorConfig,
): SnapshotResponse {
  const wanted = config.projects && new Set(config.projects);
  const keep = (project: string) => !wanted || wanted.has(project);
  return {
    instances: response.instances.map(
      (instance): InstanceSnapshot => ({
        ...instance,
        error: config.includeErrorText
          ? instance.error
          : instance.error && HIDDEN,
        projects: instance.projects.filter(keep),
        incompleteProjects: (instance.incompleteProjects ?? []).filter(keep),
        stages: instance.stages
          .filter(stage => keep(stage.project))
          .map(stage => ({
            ...stage,
            openPullRequestUrls: config.includePullRequestUrls
              ? stage.openPullRequestUrls
              : [],
            error:
              config.includeErrorText || !stage.error ? stage.error : HIDDEN,
          })),
      }),
    ),
  };
}

/** The projects of an instance the catalog mirrors, read or not. */
export function mirroredProjects(instance: InstanceSnapshot): Set<string> {
  return new Set([
    ...instance.projects,
    ...(instance.incompleteProjects ?? []),
  ]);
}
