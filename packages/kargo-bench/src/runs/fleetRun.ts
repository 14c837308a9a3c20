/**
 * One benchmark run on one generated fleet: sandbox child, our backend,
 * two refreshes, the naive approach, the detail load and the parse floor.
 */
import { writeHeapSnapshot } from 'node:v8';
import type { StageListResponse } from '@kargo-backstage/plugin-kargo-common';
import { countsOf, projectName, stageName, type FleetCounts, type FleetSpec } from '../fleet/generate';
import { runLoad } from '../load/run';
import { measure, type Cost } from '../measure';
import { profiled } from '../profile';
import type { BenchFigures, RefreshFigures } from '../report';
import { startBenchSandbox, type BenchSandbox } from '../sandbox/parent';
import type { RequestCounts } from '../sandbox/counter';
import { BENCH_ENTITY, startBenchBackend, type BenchBackend } from './backend';
import { fetchRawPayloads, parseFloor, readFloor, type Floor } from './floor';
import { runNaive, type NaiveResult } from './naive';
import { watchFirstSync, type FirstSync } from './liveRun';

export interface RunOptions {
  spec: FleetSpec;
  naive: boolean;
  /** Detail load; none in scaling runs. */
  load?: { connections: number; durationSeconds: number };
  log: (line: string) => void;
  /** Write a CPU profile of the first full refresh here. */
  profileDir?: string;
  /** Also the watch path's first sync of the same fleet, after the backend stopped (--scaling). */
  watchSync?: boolean;
  /** Write a V8 heap snapshot here after the second refresh (what the backend keeps). */
  heapSnapshot?: string;
}

export interface RunResult {
  figures: BenchFigures;
  fleet: FleetCounts;
  requests: { first: RequestCounts; second: RequestCounts; naive?: RequestCounts };
  costs: { first: Cost; second: Cost; naive?: Cost };
  naiveResult?: NaiveResult;
  watchSync?: FirstSync & { k8sRequests: number };
  served: { stages: number; openPullRequests: number; errors: number };
  floor: Floor;
  detailErrors: number;
  loadMs: number;
}

const gitOf = (c: RequestCounts) => c.github + c.gitlab;

function refreshFigures(cost: Cost, counts: RequestCounts): RefreshFigures {
  return {
    refreshMs: cost.wallMs,
    refreshCpuMs: cost.cpuMs,
    peakRssMb: cost.peakRssMb,
    retainedHeapMb: cost.retainedHeapMb,
    k8sRequests: counts.kube,
    gitRequests: gitOf(counts),
  };
}

const requestsOf = (c: RequestCounts) => c.kube + gitOf(c);

/**
 * Waits until the backend sent no request for a second: the pull-request
 * listings a refresh starts, and the rebuilds (project re-reads) they cause,
 * run after it and must not be counted in the next step.
 */
async function settle(sandbox: BenchSandbox) {
  const deadline = Date.now() + 120_000;
  let before = requestsOf(await sandbox.counts());
  while (Date.now() < deadline) {
    await new Promise(resolve => setTimeout(resolve, 1000));
    const now = requestsOf(await sandbox.counts());
    if (now === before) return;
    before = now;
  }
}

async function counted<T>(sandbox: BenchSandbox, fn: () => Promise<T>) {
  await sandbox.reset();
  const { result, cost } = await measure(fn);
  const counts = await sandbox.counts();
  await settle(sandbox);
  return { result, cost, counts };
}

/** What the backend serves after the refresh: every Stage, every open PR. */
async function servedByBackend(backend: BenchBackend, spec: FleetSpec) {
  const served = { stages: 0, openPullRequests: 0, errors: 0 };
  for (let p = 0; p < spec.projects; p++) {
    const res = await fetch(`${backend.apiUrl}/projects/${projectName(p)}/stages`);
    if (!res.ok) throw new Error(`GET stages of ${projectName(p)} answered ${res.status}`);
    const body = (await res.json()) as StageListResponse;
    served.stages += body.items.length;
    for (const s of body.items) {
      served.openPullRequests += s.openPullRequests;
      if (s.error) served.errors += 1;
    }
  }
  return served;
}

/**
 * The Kargo tab's request: the entity route of a Component naming a
 * 50-Stage project (50 details in one answer), 5 clients at once, accepting
 * gzip as a browser does.
 */
async function entityLoad(backend: BenchBackend, durationSeconds: number, profileDir?: string) {
  const path = `/api/kargo/entities/component/default/${BENCH_ENTITY.metadata.name}/stages`;
  const res = await fetch(`${new URL(backend.apiUrl).origin}${path}`);
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  const stages = ((await res.json()) as { items: unknown[] }).items.length;
  const load = await profiled(profileDir, 'entity-load', () =>
    runLoad({
      origin: new URL(backend.apiUrl).origin,
      paths: [path],
      connections: 5,
      durationSeconds,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    }),
  );
  return {
    figures: { stages, rps: load.rps, p50Ms: load.p50Ms, p95Ms: load.p95Ms, p99Ms: load.p99Ms },
    errors: load.non2xx + load.errors,
  };
}

export async function runFleet(options: RunOptions): Promise<RunResult> {
  const { spec, log } = options;
  const fleet = countsOf(spec);
  log(`fleet: ${fleet.projects} projects x ${spec.stagesPerProject} Stages = ${fleet.stages} Stages, ` +
    `${fleet.analysisRuns} AnalysisRuns, ${fleet.promotions} Promotions, ${fleet.repositories} repositories ` +
    `(${fleet.gitlabRepositories} on GitLab), ${fleet.openPullRequests} open PRs`);
  const sandbox = await startBenchSandbox(spec);
  log(`sandbox (pid ${sandbox.pid}) loaded in ${sandbox.loadMs} ms at ${sandbox.url}`);
  let backend: BenchBackend | undefined;
  try {
    backend = await startBenchBackend(sandbox.url);
    const b = backend;
    const first = await counted(sandbox, () => profiled(options.profileDir, 'full-refresh', () => b.refresh()));
    log(`full refresh: ${first.cost.wallMs} ms`);
    const prs = await counted(sandbox, () => b.pullRequests());
    log(`pull-request pass: ${prs.cost.wallMs} ms, ${gitOf(prs.counts)} Git requests`);
    const second = await counted(sandbox, () => profiled(options.profileDir, 'second-refresh', () => b.refresh()));
    log(`second refresh: ${second.cost.wallMs} ms`);
    if (options.heapSnapshot) log(`heap snapshot: ${writeHeapSnapshot(options.heapSnapshot)}`);
    const served = await servedByBackend(b, spec);

    let naive: Awaited<ReturnType<typeof counted<NaiveResult>>> | undefined;
    if (options.naive) {
      naive = await counted(sandbox, () => runNaive(sandbox.url));
      log(`naive: ${naive.cost.wallMs} ms`);
    }

    let detail: BenchFigures['detail'] = null;
    let detailErrors = 0;
    let entity: Awaited<ReturnType<typeof entityLoad>> | undefined;
    if (options.load) {
      const paths: string[] = [];
      for (let p = 0; p < spec.projects; p++) {
        for (let s = 0; s < spec.stagesPerProject; s++) {
          paths.push(`/api/kargo/projects/${projectName(p)}/stages/${stageName(s)}`);
        }
      }
      await sandbox.reset();
      const load = await profiled(options.profileDir, 'detail-load', () =>
        runLoad({ origin: new URL(b.apiUrl).origin, paths, ...options.load! }),
      );
      const caused = await sandbox.counts();
      detail = { rps: load.rps, p50Ms: load.p50Ms, p95Ms: load.p95Ms, p99Ms: load.p99Ms, k8sRequests: caused.kube };
      detailErrors = load.non2xx + load.errors;
      log(`detail load: ${load.requests} requests, ${load.rps} req/s`);
      entity = await entityLoad(b, options.load.durationSeconds, options.profileDir);
      detailErrors += entity.errors;
      log(`entity route: ${entity.figures.stages} Stages, p95 ${entity.figures.p95Ms} ms`);
    }

    await backend.stop();
    backend = undefined;
    let watchSync: RunResult['watchSync'];
    if (options.watchSync) {
      await sandbox.reset();
      const sync = await watchFirstSync(sandbox.url);
      // The open watches count one request each.
      watchSync = { ...sync, k8sRequests: (await sandbox.counts()).kube };
      log(`watch first sync: ${sync.ms} ms, ${sync.cpuMs} ms CPU, peak RSS ${sync.peakRssMb} MB`);
    }

    // The floors read the sandbox again, last (their payloads, ~70 MB of strings per
    // 1,000 Stages, must not weigh on the figures above); a failure there loses no figure above.
    let floor: Floor = { parseMs: NaN, payloads: 0, megabytes: 0 };
    try {
      floor = parseFloor(await fetchRawPayloads(sandbox.url, spec));
      floor.readMs = await readFloor(sandbox.url, spec);
    } catch (error) {
      log(`floors failed (the figures above stand): ${(error as Error)?.stack ?? error}`);
    }
    const figures: BenchFigures = {
      stages: fleet.stages,
      ...refreshFigures(first.cost, first.counts),
      secondRefresh: refreshFigures(second.cost, second.counts),
      pullRequests: {
        ms: prs.cost.wallMs,
        cpuMs: prs.cost.cpuMs,
        gitRequests: gitOf(prs.counts),
        k8sRequests: prs.counts.kube,
      },
      naive: naive
        ? { refreshMs: naive.cost.wallMs, k8sRequests: naive.counts.kube, gitRequests: gitOf(naive.counts) }
        : null,
      detail,
      entity: entity?.figures ?? null,
      parseFloorMs: floor.parseMs,
      readFloorMs: floor.readMs ?? null,
    };
    return {
      figures,
      fleet,
      requests: { first: first.counts, second: second.counts, naive: naive?.counts },
      costs: { first: first.cost, second: second.cost, naive: naive?.cost },
      naiveResult: naive?.result,
      watchSync,
      served,
      floor,
      detailErrors,
      loadMs: sandbox.loadMs,
    };
  } finally {
    await backend?.stop();
    await sandbox.stop();
  }
}
