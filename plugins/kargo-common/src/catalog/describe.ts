import type { StageSummary } from '../types';
import { isFailedVerificationPhase } from '../phases/phaseSets';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

// Only the current verification's phase names an outcome: a search for
// "Failed" must not find a Stage whose current verification succeeded because
// older runs failed. History appears as a plain run count.
function verificationPart(summary: StageSummary): string {
  const { total, failed } = summary.verificationCounts ?? {
    total: 0,
    failed: 0,
  };
  if (total === 0) return 'No verification';
  const runs = plural(total, 'run', 'runs');
  const phase = summary.verificationPhase;
  if (phase === 'None') return `No current verification (${runs} in history)`;
  if (isFailedVerificationPhase(phase)) {
    return `Verification ${phase}: ${failed} of ${runs} failed`;
  }
  return `Verification ${phase} (${runs} in history)`;
}

/**
 * One line a person (and the catalog search) can read, e.g.
 * "Verification Failed: 3 of 3 runs failed; 1 open pull request".
 *
 * @public
 */
export function describeStage(summary: StageSummary): string {
  const parts = [verificationPart(summary)];
  if (summary.verificationStale) {
    parts.push("Kargo's recorded verification history is stale");
  }
  const open = summary.openPullRequests ?? 0;
  parts.push(
    open === 0
      ? 'no open pull requests'
      : plural(open, 'open pull request', 'open pull requests'),
  );
  if (summary.error)
    parts.push(`could not be read completely: ${summary.error}`);
  return parts.join('; ');
}
