import { ProjectFreight } from '../promotion/projectFreight';
import { ProjectPromotions } from '../promotion/projectPromotions';
import type { AnalysisRun, Freight, Promotion, Stage } from '../types';
import { sameObjects } from '../util/objects';
import {
  type AnalysisRunIndex,
  indexAnalysisRunsByStage,
} from '../verification/analysisRuns';
import type { FreightHashes } from '../verification/freightOfRun';
import { boundedStage } from './boundedStage';

/**
 * A project's indexes of the lists all of its Stages share, kept by its
 * owner between builds: each is reused while its list holds the same
 * objects (a watch's), so a watch event's one-Stage build indexes nothing
 * again (500,000 Freight: ~0.75 s an event; 20,000 runs of another Stage
 * were grouped again for each). A poll lists new objects each time: it
 * keeps none.
 *
 * @public
 */
export class ProjectIndexes {
  private freightIndex?: ProjectFreight;
  private promotionIndex?: ProjectPromotions;
  private runIndex?: {
    runs: AnalysisRun[] | undefined;
    index: AnalysisRunIndex;
  };
  /**
   * The Freight names hashed by the last Freight index: a Freight event
   * makes a new list, whose index hashes only the names added since (issue
   * 35, attack 18).
   */
  private readonly freightHashes: FreightHashes = {};
  /** Each Stage object's bounded copy, made once per object version. */
  private readonly boundedStages = new WeakMap<Stage, Stage>();

  /** The index of `freight`: the kept one while it holds the same objects. */
  freight(freight: Freight[] | undefined): ProjectFreight {
    if (!this.freightIndex?.indexes(freight))
      this.freightIndex = new ProjectFreight(freight, this.freightHashes);
    return this.freightIndex;
  }

  /** The index of `promotions`: the kept one while it holds the same objects. */
  promotions(promotions: Promotion[] | undefined): ProjectPromotions {
    if (!this.promotionIndex?.indexes(promotions))
      this.promotionIndex = new ProjectPromotions(promotions);
    return this.promotionIndex;
  }

  /** The project's runs grouped by Stage: the kept ones while the same objects. */
  analysisRuns(runs: AnalysisRun[] | undefined): AnalysisRunIndex {
    if (!this.runIndex || !sameObjects(this.runIndex.runs, runs))
      this.runIndex = { runs, index: indexAnalysisRunsByStage(runs) };
    return this.runIndex.index;
  }

  /** The Stage with its status cut to what is read (see `boundedStage`). */
  stage(stage: Stage): Stage {
    if (!stage || typeof stage !== 'object') return stage;
    let bounded = this.boundedStages.get(stage);
    if (!bounded)
      this.boundedStages.set(stage, (bounded = boundedStage(stage)));
    return bounded;
  }
}
