/** Human-readable printout of a run (everything but the last JSON line). */
import type { RunResult } from './runs/fleetRun';
import { ratio, row } from './report';

export function printRun(r: RunResult, print: (line: string) => void) {
  const f = r.figures;
  const { first, second, naive } = r.requests;
  print('');
  print(row('', ['wall ms', 'CPU ms', 'peak RSS MB', 'k8s requests', 'Git requests']));
  print(row('(1) full refresh (ours)', [f.refreshMs, f.refreshCpuMs, f.peakRssMb, f.k8sRequests, f.gitRequests]));
  if (f.pullRequests) {
    const p = f.pullRequests;
    print(row('    pull-request pass', [p.ms, p.cpuMs, '', p.k8sRequests, p.gitRequests]));
  }
  const s = f.secondRefresh;
  print(row('(2) second refresh, no change', [s.refreshMs, s.refreshCpuMs, s.peakRssMb, s.k8sRequests, s.gitRequests]));
  if (f.naive && r.costs.naive) {
    const n = r.costs.naive;
    print(row('(3) naive approach', [n.wallMs, n.cpuMs, n.peakRssMb, f.naive.k8sRequests, f.naive.gitRequests]));
    print(row('    ratio ours/naive', [
      ratio(f.refreshMs, n.wallMs), ratio(f.refreshCpuMs, n.cpuMs), '',
      ratio(f.k8sRequests, f.naive.k8sRequests), ratio(f.gitRequests, f.naive.gitRequests),
    ]));
  }
  print('');
  print(`    RSS before the refresh (backend loaded, idle): ${r.costs.first.startRssMb} MB`);
  const gcOf = (c: { gc: { count: number; ms: number } }) => `${c.gc.ms} ms in ${c.gc.count} pauses`;
  print(`    heap kept after the full refresh (the snapshot, after a full GC): ${r.costs.first.retainedHeapMb} MB`);
  const delayOf = (c: { eventLoopDelay: { p99Ms: number; maxMs: number } }) =>
    `p99 ${c.eventLoopDelay.p99Ms} ms, max ${c.eventLoopDelay.maxMs} ms`;
  print(`    event loop delay (what other plugins' requests wait): ${delayOf(r.costs.first)} (full refresh),` +
    ` ${delayOf(r.costs.second)} (second)`);
  print(`    garbage collection: ${gcOf(r.costs.first)} (full refresh), ${gcOf(r.costs.second)} (second)`);
  print(`    sandbox busy (>= 1 request in flight): ${Math.round(first.busyMs)} ms of the full refresh,` +
    ` ${Math.round(second.busyMs)} ms of the second${naive ? `, ${Math.round(naive.busyMs)} ms of the naive run` : ''}`);
  print(`    k8s requests of the full refresh: ${JSON.stringify(first.kubeByRoute)}`);
  print(`    Git requests of the full refresh: GitHub ${first.github}, GitLab ${first.gitlab}` +
    ` (${r.fleet.githubRepositories} + ${r.fleet.gitlabRepositories} repositories)`);
  print(`    second refresh: GitHub ${second.github} (${second.github304} answered 304 Not Modified, free of rate limit),` +
    ` GitLab ${second.gitlab} (GitLab has no conditional listing)`);
  print(`    served after the refresh: ${r.served.stages} Stages, ${r.served.openPullRequests} open PRs attributed,` +
    ` ${r.served.errors} Stages with an error (fleet: ${r.fleet.stages} Stages, ${r.fleet.openPullRequests} open PRs)`);
  if (naive && r.naiveResult) {
    const n = r.naiveResult;
    print(`    naive: ${JSON.stringify(naive.kubeByRoute)}; ${n.pullRequestsFetched} PRs fetched one by one,` +
      ` ${n.openPullRequestsFound} open found (orphaned PRs, recorded by no Promotion, stay invisible to it)`);
  }
  if (f.detail) {
    const d = f.detail;
    print('');
    print(`(4) Stage detail under load: ${d.rps} req/s, p50 ${d.p50Ms} ms, p95 ${d.p95Ms} ms, p99 ${d.p99Ms} ms,` +
      ` ${d.k8sRequests} Kubernetes requests caused, ${r.detailErrors} errors/non-2xx`);
  }
  if (f.entity) {
    const e = f.entity;
    print(`    entity route (a Component's Kargo tab, ${e.stages} Stages in one answer, 5 clients): ${e.rps} req/s,` +
      ` p50 ${e.p50Ms} ms, p95 ${e.p95Ms} ms, p99 ${e.p99Ms} ms`);
  }
  print('');
  print(`(5) parse floor: ${f.parseFloorMs} ms to JSON.parse ${r.floor.payloads} raw payloads (${r.floor.megabytes} MB);` +
    ` refresh/parse = ${ratio(f.refreshMs, f.parseFloorMs)}`);
  if (f.readFloorMs) {
    print(`    read floor: ${f.readFloorMs} ms to fetch them over HTTP and JSON.parse them,` +
      ` with the refresh's parallelism; refresh/read = ${ratio(f.refreshMs, f.readFloorMs)}`);
  }
}

/** The issue's targets, each with its verdict. */
export function targetLines(r: RunResult): string[] {
  const f = r.figures;
  const verdict = (ok: boolean) => (ok ? 'met   ' : 'MISSED');
  const git = f.gitRequests + (f.pullRequests?.gitRequests ?? 0);
  const lines = [
    `${verdict(f.k8sRequests <= r.fleet.projects * 5 + 10)} k8s requests O(projects x kinds): ${f.k8sRequests} <= ${r.fleet.projects * 5 + 10}`,
    `${verdict(git <= r.fleet.repositories)} Git requests <= repositories + extra pages: ${git} <= ${r.fleet.repositories}`,
    `${verdict(f.peakRssMb <= 400)} peak RSS <= 400 MB: ${f.peakRssMb} MB`,
    `${verdict(f.refreshMs <= 4 * f.parseFloorMs)} refresh <= 4x parse floor: ${ratio(f.refreshMs, f.parseFloorMs)}x`,
  ];
  if (f.stages >= 1000) lines.push(`${verdict(f.refreshMs <= 2000)} full refresh at ${f.stages} Stages <= 2 s: ${f.refreshMs} ms`);
  if (f.detail) {
    lines.push(`${verdict(f.detail.p95Ms <= 50)} detail p95 <= 50 ms: ${f.detail.p95Ms} ms`);
    lines.push(`${verdict(f.detail.k8sRequests === 0)} detail causes no Kubernetes request: ${f.detail.k8sRequests}`);
  }
  if (f.entity) lines.push(`${verdict(f.entity.p95Ms <= 100)} entity route p95 <= 100 ms: ${f.entity.p95Ms} ms`);
  return lines;
}
