import { promotionsOfStage } from '../pullRequests/steps';
import type { AnalysisRun, KubeObject, Promotion, Stage } from '../types';
import { stagesOfAnalysisRun } from '../verification/analysisRuns';

/** The Kargo kinds whose changes a Stage's detail depends on. @public */
export type StageInputKind =
  | 'projects'
  | 'stages'
  | 'analysisruns'
  | 'promotions'
  | 'freights';

/** One change to an object: as it is now and, when it existed, as it was. @public */
export interface StageInputChange {
  kind: StageInputKind;
  object: KubeObject;
  previous?: KubeObject;
}

function touchedByOne(
  kind: StageInputKind,
  object: KubeObject,
  stages: Stage[],
): Stage[] {
  switch (kind) {
    case 'promotions':
      // The same rule that gives a Stage its promotions.
      return stages.filter(
        s => promotionsOfStage(s, [object as Promotion]).length > 0,
      );
    case 'analysisruns':
      return stagesOfAnalysisRun(object as AnalysisRun, stages);
    default:
      // Freight (availability, soak, verifiedIn) and the project itself.
      return stages;
  }
}

/**
 * The names of the Stages of a project whose detail a change may alter:
 * the Stage itself; the Stage(s) an AnalysisRun or Promotion belongs to,
 * before and after the change (a relabelled run leaves one Stage for
 * another); every Stage of the project for Freight and the Project.
 * `stages` are the project's Stages after the change.
 *
 * @public
 */
export function stagesTouchedBy(
  change: StageInputChange,
  stages: Stage[],
): Set<string> {
  const touched = new Set<string>();
  for (const object of [change.object, change.previous]) {
    if (!object) continue;
    if (change.kind === 'stages') {
      // A new or deleted Stage is touched even when absent from `stages`.
      if (object.metadata?.name) touched.add(object.metadata.name);
      continue;
    }
    for (const stage of touchedByOne(change.kind, object, stages)) {
      if (stage.metadata?.name) touched.add(stage.metadata.name);
    }
  }
  return touched;
}
