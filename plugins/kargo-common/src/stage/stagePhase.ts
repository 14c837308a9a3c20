import type { Condition, Stage, StagePhase } from '../types';
import { asArray } from '../util/objects';

/**
 * `status.phase` of Kargo <= 1.4 mapped onto the phases Kargo's UI derives
 * from conditions today. `Steady` is a Stage at rest, hence Ready.
 * `NotApplicable` was the phase of a Stage with no Freight yet; Kargo's UI
 * does not count a `NoFreight` Stage as Verifying, so such a Stage falls
 * through to its Ready condition; we map it to Ready the same way.
 */
const LEGACY_PHASES: Record<string, StagePhase> = {
  Steady: 'Ready',
  NotApplicable: 'Ready',
  Promoting: 'Promoting',
  Verifying: 'Verifying',
  Failed: 'Failed',
};

function condition(conditions: Condition[], type: string) {
  return conditions.find(c => c?.type === type);
}

/**
 * The phase of a Stage as Kargo's UI shows it (`getStagePhase`), from its
 * conditions in this order: Promoting=True → Promoting; Verified=Unknown
 * (reason other than NoFreight) → Verifying; Reconciling=True → Reconciling;
 * Ready=False → Failed; Ready=True → Ready; otherwise Unknown. A Stage
 * without conditions (Kargo <= 1.4) falls back to its `status.phase`.
 *
 * @public
 */
export function deriveStagePhase(stage: Stage): StagePhase {
  const conditions = asArray(stage?.status?.conditions);
  if (conditions.length === 0) {
    const legacy = stage?.status?.phase;
    return (legacy && LEGACY_PHASES[legacy]) || 'Unknown';
  }
  if (condition(conditions, 'Promoting')?.status === 'True') return 'Promoting';
  const verified = condition(conditions, 'Verified');
  if (verified?.status === 'Unknown' && verified.reason !== 'NoFreight') {
    return 'Verifying';
  }
  if (condition(conditions, 'Reconciling')?.status === 'True') {
    return 'Reconciling';
  }
  const ready = condition(conditions, 'Ready')?.status;
  if (ready === 'False') return 'Failed';
  if (ready === 'True') return 'Ready';
  return 'Unknown';
}
