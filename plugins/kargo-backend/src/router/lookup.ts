import { NotFoundError, ServiceUnavailableError } from '@backstage/errors';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import type { SnapshotService } from '../services/snapshot/SnapshotService';
import {
  freshnessOf,
  type InstanceState,
  type ProjectState,
} from '../services/snapshot/types';

export interface FoundProject {
  state: InstanceState;
  project: ProjectState;
}

/**
 * A project of the snapshot. 404 when the instance's last complete listing
 * does not hold it; 503 when it was never read successfully.
 */
export async function findProject(
  snapshots: SnapshotService,
  instance: string,
  project: string,
): Promise<FoundProject> {
  const state = await snapshots.getInstance(instance);
  const found = state.projects[project];
  if (!found) {
    throw new NotFoundError(`Kargo project '${project}' not found in instance '${instance}'`);
  }
  if (!found.lastUpdated) {
    throw new ServiceUnavailableError(
      `Kargo project '${project}' of instance '${instance}' could not be read yet: ${found.error}`,
    );
  }
  return { state, project: found };
}

/**
 * The Stage's detail as served: with the snapshot's freshness. A Stage kept
 * from an older read carries why it could not be read again (a 401 once the
 * token expired, an unreachable cluster), not a silent stale flag.
 */
export function served(found: FoundProject, stage: StageDetail): StageDetail {
  const freshness = freshnessOf(found.state, found.project);
  const why = found.project.error ?? found.state.error;
  return {
    ...stage,
    ...freshness,
    error: stage.error ?? (freshness.stale ? why : null),
  };
}

export async function findStage(
  snapshots: SnapshotService,
  instance: string,
  project: string,
  stage: string,
): Promise<StageDetail> {
  const found = await findProject(snapshots, instance, project);
  const detail = found.project.stages.find(s => s.name === stage);
  if (!detail) {
    throw new NotFoundError(
      `Stage '${stage}' not found in Kargo project '${project}' of instance '${instance}'`,
    );
  }
  return served(found, detail);
}
