import type { ReverificationWarning, VerificationEntry } from '../types';
import { toMillis } from '../util/time';
import { isFailedVerificationPhase } from '../phases/phaseSets';

const startOf = (v: VerificationEntry) =>
  toMillis(v.startTime) ?? toMillis(v.finishTime) ?? 0;

/**
 * Where a Freight was verified in an upstream Stage and then re-verified
 * there with a failure: Kargo keeps offering it downstream, because it
 * records the Freight as verified in that Stage once and never takes that
 * back (akuity/kargo#5144). Decided on the live phases of the upstream
 * Stages' verification histories: the Freight's newest verification in a
 * Stage, when it came after a successful one and failed. A newer success
 * (or one still running) clears it.
 *
 * @public
 */
export function reverificationWarnings(
  freight: string,
  upstream: ReadonlyArray<{
    stage: string;
    verifications: VerificationEntry[];
  }>,
): ReverificationWarning[] {
  const warnings: ReverificationWarning[] = [];
  for (const { stage, verifications } of upstream) {
    const ofFreight = verifications
      .filter(v => v.freight?.name === freight)
      .sort((a, b) => startOf(a) - startOf(b));
    const verified = ofFreight.find(v => v.phase === 'Successful');
    const newest = ofFreight[ofFreight.length - 1];
    if (!verified || !newest || !isFailedVerificationPhase(newest.phase))
      continue;
    if (startOf(newest) < startOf(verified)) continue;
    const metric = newest.metrics.find(m => isFailedVerificationPhase(m.phase));
    warnings.push({
      stage,
      verifiedAt: verified.finishTime ?? verified.startTime,
      reverifiedAt: newest.finishTime ?? newest.startTime,
      phase: newest.phase,
      metric: metric?.name ?? null,
    });
  }
  return warnings;
}

/**
 * The warning in English words: "verified in uat on <date>, but re-verified
 * there on <date>: Failed (metric error-rate)".
 *
 * @public
 */
export function describeReverificationWarning(
  w: ReverificationWarning,
): string {
  return `verified in ${w.stage} on ${
    w.verifiedAt ?? 'an unknown date'
  }, but re-verified there on ${w.reverifiedAt ?? 'an unknown date'}: ${
    w.phase
  }${w.metric ? ` (metric ${w.metric})` : ''}`;
}
