import { clip, MAX_MESSAGE } from '../promotion/stepView';
import type { VerificationMetric } from '../types';

/**
 * Failed metrics named where a verification's failure is told (MCP
 * `get-stage`, notifications). A project member writes the AnalysisRun:
 * one run under the API server's 1.5 MB (650 failed metrics of 2,000
 * characters) otherwise made a 1.3 MB notification per recipient and a
 * 2.6 MB `get-stage` answer (attack 8).
 */
export const MAX_LISTED_FAILURES = 5;

/** Why a metric failed, in one line: "http-success-rate Failed: <message> (measured [0.42])". */
export function describeMetricFailure(metric: VerificationMetric): string {
  const measurement = metric.failedMeasurements.find(m => m.message || m.value);
  const message = metric.message ?? measurement?.message ?? null;
  const value = measurement?.value ? ` (measured ${measurement.value})` : '';
  return `${metric.name} ${metric.phase}${
    message ? `: ${message}` : ''
  }${value}`;
}

/**
 * The first {@link MAX_LISTED_FAILURES} lines, each clipped at 2,000
 * characters, then "and N more failed metrics" when there were more: the
 * lines left out and the `unlisted` ones the entry did not keep (its
 * `unlistedFailedMetrics`).
 */
export function listFailures(lines: readonly string[], unlisted = 0): string[] {
  const listed = lines
    .slice(0, MAX_LISTED_FAILURES)
    .map(line => clip(line, MAX_MESSAGE));
  const more = lines.length - listed.length + unlisted;
  return more > 0 ? [...listed, `and ${more} more failed metrics`] : listed;
}

/** The listed failures in one text of at most 2,000 characters: "a; b; and 3 more failed metrics". */
export function failureSentence(
  lines: readonly string[],
  unlisted = 0,
): string {
  return clip(listFailures(lines, unlisted).join('; '), MAX_MESSAGE);
}
