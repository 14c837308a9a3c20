import type { StageSummary } from '../types';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function verificationPart(summary: StageSummary): string {
  const { total, failed, running, successful } = summary.verificationCounts ?? {
    total: 0,
    failed: 0,
    running: 0,
    successful: 0,
  };
  if (total === 0) return 'No verification';
  const phase =
    summary.verificationPhase === 'None'
      ? 'No current verification'
      : `Verification ${summary.verificationPhase}`;
  const runs = total === 1 ? 'run' : 'runs';
  if (failed > 0) return `${phase}: ${failed} of ${total} ${runs} failed`;
  if (running > 0) return `${phase}: ${running} of ${total} ${runs} running`;
  return `${phase}: ${successful} of ${total} ${runs} successful`;
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
