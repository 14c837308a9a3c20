import type {
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { NotFoundError, ServiceUnavailableError } from '@backstage/errors';
import {
  filterAuthorizedStages,
  type StageRef,
} from '@kargo-backstage/plugin-kargo-node';
import {
  errorWithReason,
  kargoStageReadPermission,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import { projectProbe } from '../../../permissions/projectProbe';
import { mayReadUnknownStagesOf } from '../../../permissions/unknownStages';
import type { SnapshotService } from '../SnapshotService';
import { freshnessOf, type InstanceState, type ProjectState } from '../types';

export interface FoundProject {
  state: InstanceState;
  project: ProjectState;
}

/**
 * The project of that name, if the snapshot holds it. Own properties only:
 * `projects` is a plain JSON object, so `constructor` or `toString` would
 * otherwise find Object.prototype's.
 */
export function projectOf(
  state: InstanceState,
  project: string,
): ProjectState | undefined {
  return Object.hasOwn(state.projects, project)
    ? state.projects[project]
    : undefined;
}

/** The one answer for a project that is missing or that the caller may not read. */
export function projectNotFound(
  instance: string,
  project: string,
): NotFoundError {
  return errorWithReason(NotFoundError, {
    code: 'projectNotFound',
    params: { project, instance },
  });
}

/** The one answer for a Stage that is missing or that the caller may not read. */
export function stageNotFound(
  instance: string,
  project: string,
  stage: string,
): NotFoundError {
  return errorWithReason(NotFoundError, {
    code: 'stageNotFound',
    params: { stage, project, instance },
  });
}

/**
 * A project of the snapshot. 404 when the instance's last complete listing
 * does not hold it; 503 when it was never read successfully (without the
 * cluster's words: those may echo what a proxy saw).
 */
export async function findProject(
  snapshots: SnapshotService,
  instance: string,
  project: string,
): Promise<FoundProject> {
  const state = await snapshots.getInstance(instance);
  const found = projectOf(state, project);
  if (!found) throw projectNotFound(instance, project);
  if (!found.lastUpdated) {
    throw errorWithReason(ServiceUnavailableError, {
      code: 'projectNotReadYet',
      params: { project, instance },
    });
  }
  return { state, project: found };
}

/**
 * The Stages of one project the caller may read, asked in one batch with
 * the project's probe (permissions/projectProbe.ts), whatever the list holds:
 * one round trip to the permission backend for a project with Stages, an
 * empty one, one filtered to none or one that does not exist (`[]`).
 */
export async function readableStagesOf<T extends StageRef>(
  permissions: PermissionsService,
  credentials: BackstageCredentials,
  where: { instance: string; project: string },
  stages: readonly T[],
): Promise<T[]> {
  const readable = await filterAuthorizedStages<StageRef>(
    permissions,
    kargoStageReadPermission,
    [...stages, projectProbe(where)],
    credentials,
  );
  const kept = new Set<StageRef>(readable);
  return stages.filter(stage => kept.has(stage));
}

/**
 * `findProject` for a caller: a project (or instance) never read yet is a 503
 * only to callers the policy may allow some Stage of it; to others it is the
 * 404 of a project that does not exist (no name, no cluster text).
 */
export async function findProjectFor(
  snapshots: SnapshotService,
  permissions: PermissionsService,
  credentials: BackstageCredentials,
  instance: string,
  project: string,
): Promise<FoundProject> {
  try {
    return await findProject(snapshots, instance, project);
  } catch (error) {
    // A missing project costs the round trip an existing one costs.
    if (error instanceof NotFoundError)
      await readableStagesOf(
        permissions,
        credentials,
        { instance, project },
        [],
      );
    if (
      (error as Error)?.name === 'ServiceUnavailableError' &&
      !(await mayReadUnknownStagesOf(permissions, credentials, {
        instance,
        project,
      }))
    )
      throw projectNotFound(instance, project);
    throw error;
  }
}

/**
 * The instance's snapshot for a caller about to be told of `project`: an
 * instance never read is its 503 (with the first read's error) only to
 * callers the policy may allow some Stage of that project; to others it is
 * `notFound`, the answer of a missing object.
 */
export async function instanceFor(
  snapshots: SnapshotService,
  permissions: PermissionsService,
  credentials: BackstageCredentials,
  where: { instance: string; project: string },
  notFound: Error,
): Promise<InstanceState> {
  try {
    return await snapshots.getInstance(where.instance);
  } catch (error) {
    if (
      (error as Error)?.name === 'ServiceUnavailableError' &&
      !(await mayReadUnknownStagesOf(permissions, credentials, where))
    )
      throw notFound;
    throw error;
  }
}

/**
 * The Stage's detail as served: with the snapshot's freshness. A Stage kept
 * from an older read carries why it could not be read again (a 401 once the
 * token expired, an unreachable cluster), not a silent stale flag.
 */
export function served(found: FoundProject, stage: StageDetail): StageDetail {
  return { ...stage, ...servedFields(found, stage) };
}

/** What `served` sets on the snapshot's Stage detail. */
export function servedFields(
  found: FoundProject,
  stage: StageDetail,
): Pick<StageDetail, 'lastUpdated' | 'stale' | 'error'> {
  const freshness = freshnessOf(found.state, found.project);
  const why = found.project.error ?? found.state.error;
  return {
    ...freshness,
    error: stage.error ?? (freshness.stale ? why : null),
  };
}

/**
 * The Stage the caller may read, as the snapshot holds it (not yet
 * `served`), and its project. `kargo.stage.read` is decided on the ref
 * before anything is looked up, and "not allowed", "no such project" and
 * "no such Stage" are one answer: `stageNotFound`. (A project never read yet
 * is a 503 only to callers allowed on the Stage.)
 */
export async function findReadableStage(
  snapshots: SnapshotService,
  permissions: PermissionsService,
  credentials: BackstageCredentials,
  ref: { instance: string; project: string; name: string },
): Promise<{ found: FoundProject; detail: StageDetail }> {
  const { instance, project, name } = ref;
  const [readable] = await filterAuthorizedStages(
    permissions,
    kargoStageReadPermission,
    [ref],
    credentials,
  );
  if (!readable) throw stageNotFound(instance, project, name);
  const state = await snapshots.getInstance(instance);
  if (!projectOf(state, project)) throw stageNotFound(instance, project, name);
  const found = await findProject(snapshots, instance, project);
  const detail = found.project.stages.find(s => s.name === name);
  if (!detail) throw stageNotFound(instance, project, name);
  return { found, detail };
}
