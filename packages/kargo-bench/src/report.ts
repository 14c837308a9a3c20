/** The figures of one run, their printout and the smoke checks. */
import type { FleetCounts } from './fleet/generate';

export interface RefreshFigures {
  refreshMs: number;
  refreshCpuMs: number;
  peakRssMb: number;
  /** Heap still in use after the refresh and a full GC, minus before: what the backend keeps. */
  retainedHeapMb: number;
  k8sRequests: number;
  gitRequests: number;
}

/** The last line of `yarn bench`: one JSON object, comparable between runs. */
export interface BenchFigures extends RefreshFigures {
  stages: number;
  secondRefresh: RefreshFigures;
  /**
   * The pull-request pass after the first refresh (its own scheduled task since
   * the live round): one listing per repository, and the rebuilds it causes.
   */
  pullRequests: { ms: number; cpuMs: number; gitRequests: number; k8sRequests: number } | null;
  naive: { refreshMs: number; k8sRequests: number; gitRequests: number } | null;
  detail: { rps: number; p50Ms: number; p95Ms: number; p99Ms: number; k8sRequests: number } | null;
  /** The entity route of a Component naming one project (its Kargo tab's data), 5 clients. */
  entity: { stages: number; rps: number; p50Ms: number; p95Ms: number; p99Ms: number } | null;
  parseFloorMs: number;
  /** Fetching and parsing the same payloads over HTTP, nothing else. */
  readFloorMs: number | null;
}

export const ratio = (a: number, b: number) => (b > 0 ? Math.round((a / b) * 100) / 100 : NaN);

export function row(label: string, values: Array<string | number>, width = 14): string {
  return label.padEnd(34) + values.map(v => String(v).padStart(width)).join('');
}

/** What the smoke run checks: the figures exist and the request counts are O(projects x kinds). */
export function smokeFailures(f: BenchFigures, fleet: FleetCounts): string[] {
  const failures: string[] = [];
  const numbers: Array<[string, unknown]> = [
    ['stages', f.stages],
    ['refreshMs', f.refreshMs],
    ['refreshCpuMs', f.refreshCpuMs],
    ['peakRssMb', f.peakRssMb],
    ['k8sRequests', f.k8sRequests],
    ['gitRequests', f.gitRequests],
    ['secondRefresh.refreshMs', f.secondRefresh.refreshMs],
    ['secondRefresh.k8sRequests', f.secondRefresh.k8sRequests],
    ['naive.refreshMs', f.naive?.refreshMs],
    ['naive.k8sRequests', f.naive?.k8sRequests],
    ['detail.rps', f.detail?.rps],
    ['detail.p95Ms', f.detail?.p95Ms],
    ['detail.k8sRequests', f.detail?.k8sRequests],
    ['entity.p95Ms', f.entity?.p95Ms],
    ['parseFloorMs', f.parseFloorMs],
  ];
  for (const [name, value] of numbers) {
    if (typeof value !== 'number' || !Number.isFinite(value)) failures.push(`${name} is missing`);
  }
  // Counts, not times: one LIST per kind and project (pages of 500), plus the projects.
  const k8sBound = fleet.projects * 5 + 10;
  if (f.k8sRequests > k8sBound) failures.push(`k8sRequests ${f.k8sRequests} > ${k8sBound} (projects x 5 + 10)`);
  if (f.secondRefresh.k8sRequests > k8sBound) {
    failures.push(`secondRefresh.k8sRequests ${f.secondRefresh.k8sRequests} > ${k8sBound}`);
  }
  // 20 open PRs per repository fit one page of 100; the refresh lists none (the pull-request pass does).
  const gitBound = fleet.repositories;
  const git = f.gitRequests + (f.pullRequests?.gitRequests ?? 0);
  if (git > gitBound) failures.push(`gitRequests ${git} > ${gitBound} (repositories x 1 page)`);
  if (!f.pullRequests?.gitRequests) failures.push('the pull-request pass sent no Git request');
  const perProject = Math.round(fleet.stages / fleet.projects);
  if (f.entity && f.entity.stages !== perProject) {
    failures.push(`the entity route served ${f.entity.stages} Stages of its project's ${perProject}`);
  }
  if ((f.detail?.k8sRequests ?? 0) > 0) failures.push(`detail load caused ${f.detail?.k8sRequests} Kubernetes requests`);
  return failures;
}
