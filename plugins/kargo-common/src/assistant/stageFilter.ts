import {
  entityNamesStage,
  type EntityKargoAnnotations,
} from '../catalog/annotations';
import type { StageDetail } from '../types';
import { orphanedCount } from './stageView';

/**
 * What `list-stages` filters by. Every field is optional; given fields must
 * all match.
 *
 * @public
 */
export interface StageFilter {
  instance?: string;
  project?: string;
  /** Live phase of the current verification (Failed, Running, ..., or None). */
  verificationPhase?: string;
  hasOrphanedPullRequests?: boolean;
  /** The Stages an entity names through its Kargo annotations. */
  entity?: { annotations: EntityKargoAnnotations; defaultInstance: string };
}

/** True when the Stage passes every given filter. @public */
export function matchesStageFilter(
  stage: StageDetail,
  filter: StageFilter,
): boolean {
  if (filter.instance && stage.instance !== filter.instance) return false;
  if (filter.project && stage.project !== filter.project) return false;
  if (
    filter.verificationPhase &&
    stage.verificationPhase.toLowerCase() !==
      filter.verificationPhase.toLowerCase()
  ) {
    return false;
  }
  if (
    filter.hasOrphanedPullRequests !== undefined &&
    orphanedCount(stage) > 0 !== filter.hasOrphanedPullRequests
  ) {
    return false;
  }
  if (filter.entity && !entityNamesStage(filter.entity, stage)) return false;
  return true;
}
