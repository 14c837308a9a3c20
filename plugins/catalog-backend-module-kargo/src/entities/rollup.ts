import {
  annotationsNameStage,
  type EntityKargoAnnotations,
  InstanceSnapshot,
  StageSummary,
  worstVerificationPhase,
} from '@kargo-backstage/plugin-kargo-common';

/** What an annotated entity names: `parseEntityKargoAnnotations`' result. */
export type KargoEntityTarget = Pick<
  EntityKargoAnnotations,
  'projects' | 'stages'
>;

/** What the processor writes on an annotated entity. */
export interface KargoRollup {
  /** The worst current verification phase of the Stages, or `None`. */
  verificationPhase: string;
  openPullRequests: number;
  /** Open pull requests of the Stages that no Promotion waits for. */
  orphanedPullRequests: number;
  /** Some Stage's recorded verification history is stale. */
  verificationStale: boolean;
  /** Some Stage's repositories were not listed yet: the PR counts are not known. */
  pullRequestsPending: boolean;
  stages: StageSummary[];
}

/**
 * The Stages an entity names: every Stage of its projects, or only those in
 * its `kargo.akuity.io/stages` list (matched in each of its projects).
 */
export function selectStages(
  instance: InstanceSnapshot,
  target: KargoEntityTarget,
): StageSummary[] {
  return instance.stages.filter(stage => annotationsNameStage(target, stage));
}

/** Rolls the selected Stages up into the entity's two annotations. */
export function computeRollup(
  instance: InstanceSnapshot,
  target: KargoEntityTarget,
): KargoRollup {
  const stages = selectStages(instance, target);
  return {
    verificationPhase: worstVerificationPhase(
      stages.map(stage => stage.verificationPhase),
    ),
    openPullRequests: stages.reduce(
      (sum, stage) => sum + stage.openPullRequests,
      0,
    ),
    orphanedPullRequests: stages.reduce(
      (sum, stage) => sum + (stage.orphanedPullRequests ?? 0),
      0,
    ),
    verificationStale: stages.some(stage => stage.verificationStale),
    pullRequestsPending: stages.some(stage => !!stage.pullRequestsPending),
    stages,
  };
}
