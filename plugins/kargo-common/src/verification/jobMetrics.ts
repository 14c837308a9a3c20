import type { AnalysisRun, AnalysisRunResponse } from '../types';

const asList = (v: unknown): any[] => (Array.isArray(v) ? v : []);

/**
 * Containers listed per Job metric. A project member writes the run: a
 * 1.5 MB spec names ~85,000, each an option of the logs' container picker
 * (issue 35, attack 20); a Job's pod has a handful.
 */
export const MAX_JOB_CONTAINERS = 20;
/** A container's name is a DNS label: a longer one names no container. */
const MAX_CONTAINER_NAME = 63;

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
        containers: containerNamesOf(
          asList(m.provider.job.spec?.template?.spec?.containers),
        ),
        hasJob: !!metadata?.['job-name'] && !!metadata?.['job-namespace'],
      };
    });
}

/** The first {@link MAX_JOB_CONTAINERS} container names of a pod template. */
function containerNamesOf(containers: readonly any[]): string[] {
  const names: string[] = [];
  for (const c of containers) {
    if (names.length === MAX_JOB_CONTAINERS) break;
    const name = c?.name;
    if (typeof name === 'string' && name.length <= MAX_CONTAINER_NAME)
      names.push(name);
  }
  return names;
}
