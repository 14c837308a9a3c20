import type { VerificationMetric } from '../types';
import { isActivePhase } from '../phases/phaseSets';
import { MAX_ENTRY_METRICS, metricsSize } from './metrics';
import type { SharedMetrics } from './sharedMetrics';

/** Not successful and done: what a person looks for in a long list (as MCP get-stage tells). */
export const isFailure = (metric: VerificationMetric) =>
  metric.phase !== 'Successful' && !isActivePhase(metric.phase);

/**
 * The metrics an entry lists within `room` characters: all of them when
 * they fit, else failed ones first, at most {@link MAX_ENTRY_METRICS}.
 * `unlistedFailed` counts the failed ones left out (the failure texts of
 * notifications and MCP say "and N more failed metrics"); the AnalysisRun
 * drawer shows them all.
 */
export function listedMetrics(
  all: VerificationMetric[],
  room: number,
  shared: SharedMetrics,
): { metrics: VerificationMetric[]; size: number; unlistedFailed: number } {
  const size = metricsSize(all);
  if (all.length <= MAX_ENTRY_METRICS && size <= room) {
    return { metrics: all, size, unlistedFailed: 0 };
  }
  const failed = all.filter(isFailure);
  const ordered = [...failed, ...all.filter(m => !isFailure(m))];
  const listed: VerificationMetric[] = [];
  let used = 0;
  for (const metric of ordered) {
    const next = used + metricsSize([metric]);
    if (listed.length === MAX_ENTRY_METRICS || next > room) break;
    listed.push(metric);
    used = next;
  }
  // Lists of plain views stay one shared copy per interner.
  return {
    metrics: shared.list(listed),
    size: used,
    unlistedFailed: Math.max(0, failed.length - listed.length),
  };
}
