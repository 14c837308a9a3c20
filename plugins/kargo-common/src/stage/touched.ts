import { promotionsOfStage } from '../pullRequests/steps';
import type { AnalysisRun, KubeObject, Promotion, Stage } from '../types';
import { StageRoutes } from './stageRoutes';

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

/**
 * The names of the Stages of a project whose detail a change may alter:
 * the Stage itself; the Stage(s) an AnalysisRun or Promotion belongs to,
 * before and after the change (a relabelled run leaves one Stage for
 * another); every Stage of the project for Freight and the Project. A Stage
 * or run change also touches the Stages downstream of the Stages it
 * touches (one level: their Freight options read their direct upstreams'
 * histories, the akuity/kargo#5144 warning).
 * `stages` are the project's Stages after the change; `routes`, the
 * project's index kept by the caller (a watch's, updated here), else one
 * built for this call.
 *
 * @public
 */
export function stagesTouchedBy(
  change: StageInputChange,
  stages: Stage[],
  routes?: StageRoutes,
): Set<string> {
  const touched = new Set<string>();
  const add = (stage: Stage) => {
    if (stage?.metadata?.name) touched.add(stage.metadata.name);
  };
  const objects = [change.object, change.previous].filter(
    (o): o is KubeObject => !!o,
  );
  switch (change.kind) {
    case 'promotions':
      // The same rule that gives a Stage its promotions.
      for (const object of objects) {
        for (const stage of stages) {
          if (promotionsOfStage(stage, [object as Promotion]).length > 0)
            add(stage);
        }
      }
      return touched;
    case 'stages':
    case 'analysisruns': {
      const index = routes ?? new StageRoutes();
      index.update(stages);
      for (const object of objects) {
        if (change.kind === 'stages') {
          // A new or deleted Stage is touched even when absent from `stages`.
          if (object.metadata?.name) touched.add(object.metadata.name);
        } else {
          index.stagesOfRun(object as AnalysisRun).forEach(add);
        }
      }
      // At most as many downstream names read as the project has Stages:
      // each may name 300 upstreams, so 2,000 owners of one run held
      // 600,000 (issue 35, attack 12). Past that, every Stage is touched,
      // as a Freight event touches them: an event costs O(Stages).
      let budget = stages.length;
      for (const name of [...touched]) {
        for (const downstream of index.downstreamOf(name)) {
          if (--budget < 0) {
            stages.forEach(add);
            return touched;
          }
          touched.add(downstream);
        }
      }
      return touched;
    }
    default:
      // Freight (availability, soak, verifiedIn) and the project itself.
      stages.forEach(add);
      return touched;
  }
}
