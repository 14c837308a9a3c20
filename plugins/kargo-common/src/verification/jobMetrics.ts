import type { AnalysisRun, AnalysisRunResponse } from '../types';

const asList = (v: unknown): any[] => (Array.isArray(v) ? v : []);

/**
 * The job metrics of a whole AnalysisRun (as read from the cluster, not the
 * slim snapshot copy): what Kargo's logs endpoint can stream. `hasJob` is
 * whether the metric's first measurement names its Job (`job-name`
 * metadata, as Kargo looks it up); without it Kargo has no logs to give.
 *
 * @public
 */
export function jobMetricsOf(
  run: AnalysisRun,
): NonNullable<AnalysisRunResponse['jobMetrics']> {
  // Each metric's result found once: a search of the results per metric cost
  // metrics x results per request (issue 35, attack 17). The first wins.
  const resultOf = new Map<unknown, any>();
  for (const r of asList(run.status?.metricResults)) {
    const name = r?.name;
    if (!resultOf.has(name)) resultOf.set(name, r);
  }
  return asList(run.spec?.metrics)
    .filter(m => m && typeof m.name === 'string' && m.provider?.job)
    .map(m => {
      const result = resultOf.get(m.name);
      const metadata = asList(result?.measurements)[0]?.metadata;
      return {
        metric: m.name,
        containers: asList(m.provider.job.spec?.template?.spec?.containers)
          .map(c => c?.name)
          .filter((n): n is string => typeof n === 'string'),
        hasJob: !!metadata?.['job-name'] && !!metadata?.['job-namespace'],
      };
    });
}
