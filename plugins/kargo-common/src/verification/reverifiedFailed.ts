import type { ReverificationWarning, VerificationEntry } from '../types';
import { toMillis } from '../util/time';
import { isFailedVerificationPhase } from '../phases/phaseSets';

const startOf = (v: VerificationEntry) =>
  toMillis(v.startTime) ?? toMillis(v.finishTime) ?? 0;

/** A history's entries by the name of the Freight each verified. */
export function entriesByFreight(
  verifications: VerificationEntry[],
): Map<string, VerificationEntry[]> {
  const byFreight = new Map<string, VerificationEntry[]>();
  for (const v of verifications) {
    const name = v.freight?.name;
    if (!name) continue;
    const entries = byFreight.get(name);
    if (entries) entries.push(v);
    else byFreight.set(name, [v]);
  }
  return byFreight;
}

/**
 * The warning of `reverificationWarnings` for one upstream Stage, from the
 * entries of its history that verified the Freight (in any order).
 */
export function reverificationWarningOf(
  stage: string,
  entries: VerificationEntry[],
): ReverificationWarning | null {
  const ofFreight = [...entries].sort((a, b) => startOf(a) - startOf(b));
  const verified = ofFreight.find(v => v.phase === 'Successful');
  const newest = ofFreight[ofFreight.length - 1];
  if (!verified || !newest || !isFailedVerificationPhase(newest.phase))
    return null;
  if (startOf(newest) < startOf(verified)) return null;
  const metric = newest.metrics.find(m => isFailedVerificationPhase(m.phase));
  return {
    stage,
    verifiedAt: verified.finishTime ?? verified.startTime,
    reverifiedAt: newest.finishTime ?? newest.startTime,
    phase: newest.phase,
    metric: metric?.name ?? null,
  };
}

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
  return upstream.flatMap(({ stage, verifications }) => {
    const warning = reverificationWarningOf(
      stage,
      verifications.filter(v => v.freight?.name === freight),
    );
    return warning ? [warning] : [];
  });
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
