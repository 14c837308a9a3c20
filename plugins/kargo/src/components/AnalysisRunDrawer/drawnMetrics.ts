import type { VerificationMetric } from '@kargo-backstage/plugin-kargo-common';

/**
 * Metrics the drawer draws at most. A project member writes an AnalysisRun's
 * status (it has no status subresource): a 1.5 MB run holds ~40,000 metric
 * results, each a section drawn in the tab of whoever opens it (issue 35,
 * attack 18). Real runs have a handful.
 */
export const MAX_DRAWN_METRICS = 100;

/**
 * The metrics to draw, in the run's order; past the bound, those not
 * Successful first (what a reader opens the drawer for), and how many are left out.
 */
export function drawnMetrics(
  metrics: readonly VerificationMetric[],
  max = MAX_DRAWN_METRICS,
): { shown: readonly VerificationMetric[]; hidden: number } {
  if (metrics.length <= max) return { shown: metrics, hidden: 0 };
  const shown: VerificationMetric[] = [];
  for (const metric of metrics) {
    if (shown.length === max) break;
    if (metric.phase !== 'Successful') shown.push(metric);
  }
  for (const metric of metrics) {
    if (shown.length === max) break;
    if (metric.phase === 'Successful') shown.push(metric);
  }
  return { shown, hidden: metrics.length - shown.length };
}
