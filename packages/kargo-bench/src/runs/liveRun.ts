/**
 * `yarn bench --live`: the watch path on a generated fleet. Freshness is
 * measured from an AnalysisRun's status change in the sandbox (child process)
 * to the new phase in the backend's REST answer.
 */
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { countsOf, projectName, type FleetSpec } from '../fleet/generate';
import { collectGarbage, measure } from '../measure';
import { profiled } from '../profile';
import { startBenchSandbox, type BenchSandbox } from '../sandbox/parent';
import type { FlippedRun } from '../sandbox/protocol';
import { ConfigReader } from '@backstage/config';
import { buildProjectStages, createLimiter, type KubeObject } from '@kargo-backstage/plugin-kargo-common';
import { DefaultKargoService } from '@kargo-backstage/plugin-kargo-node';
import { benchConfig } from './backend';
import { startBackendProcess, type BackendProcess } from './backendProcess';
import { browserFreshness } from './browserFreshness';
import { idleCost, type IdleCost } from './idleCost';
import { quietLogger } from './quietLogger';

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

export interface LiveFigures {
  stages: number;
  firstSyncMs: number;
  firstSyncCpuMs: number;
  /** Peak RSS of this process during the first sync. */
  syncPeakRssMb: number;
  rssMb: number;
  /**
   * The backend in watch mode, in a process of its own: peak RSS from its
   * start to every Stage served, and RSS then, after a full GC (its watch and
   * its snapshot held).
   */
  backendPeakRssMb: number;
  backendRssMb: number;
  /** From the backend process's start (modules loaded) to every Stage served. */
  backendStartMs: number;
  /** RSS of the backend after both idle windows, as it is (no GC forced). */
  backendSettledRssMb: number;
  /**
   * Peak RSS of the backend over the whole run (VmHWM before it stops): at
   * 10,000 Stages it peaked after every Stage was served, when the
   * pull-request listings landed.
   */
  backendRunPeakRssMb: number;
  /** The backend's peak RSS once the first pull-request listings and their rebuilds are in. */
  afterListingsPeakRssMb: number;
  p50Ms: number;
  p95Ms: number;
  /** On screen in Chromium (the demo on the fleet); null when not measured (--no-browser, no Chromium). */
  browserP95Ms: number | null;
  browserP50Ms: number | null;
  burstP95Ms: number;
  burstVisible: number;
  idleK8sRequestsPerMin: number;
  idleListRequests: number;
  idleGitRequests: number;
  idleCpuPct: number;
  /** The same 60 s idle window, after the burst. */
  idleAfterBurst: IdleCost;
  /** One pass of the pull-request task with nothing changed. */
  prPass: { cpuMs: number; gitRequests: number; github304: number };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function servedStages(backend: { apiUrl: string }, spec: FleetSpec): Promise<number> {
  let total = 0;
  for (let p = 0; p < spec.projects; p++) {
    const res = await fetch(`${backend.apiUrl}/projects/${projectName(p)}/stages`);
    if (!res.ok) return -1;
    total += ((await res.json()) as { items: unknown[] }).items.length;
  }
  return total;
}

/** The watch path's first sync: wall and CPU time, peak RSS of this process. */
export interface FirstSync {
  ms: number;
  cpuMs: number;
  peakRssMb: number;
  /** RSS after it and a full GC, the cluster watch still holding every object. */
  rssMb: number;
  stages: number;
}

/**
 * Watch mode's first sync of the fleet, without the backend's start-up
 * (modules transpiled on the fly): the cluster watch's LIST of every kind,
 * then every Stage built (what the backend's WatchedInstance does first).
 */
export async function watchFirstSync(url: string): Promise<FirstSync> {
  const config = new ConfigReader(benchConfig(url, 'watch'));
  const client = DefaultKargoService.fromConfig({ config, logger: quietLogger }).cluster('bench');
  const watch = client.watch({ onEvent: () => {} });
  try {
    const { result: stages, cost } = await measure(async () => {
      await watch.start();
      let built = 0;
      const now = new Date().toISOString();
      for (const project of watch.list('projects').map((p: KubeObject) => p.metadata!.name!)) {
        for (const _built of buildProjectStages({
          instance: 'bench',
          kargoUrl: null,
          project,
          now,
          stages: watch.list('stages', project),
          analysisRuns: watch.list('analysisruns', project),
          promotions: watch.list('promotions', project),
          freight: watch.list('freights', project),
          pullRequestsOf: () => undefined,
        })) {
          built += 1;
        }
      }
      return built;
    });
    collectGarbage();
    return {
      ms: cost.wallMs,
      cpuMs: cost.cpuMs,
      peakRssMb: Math.round(cost.peakRssMb),
      rssMb: Math.round(process.memoryUsage().rss / 1e6),
      stages,
    };
  } finally {
    await watch.stop();
  }
}

/** Whether the REST answer shows the run's new phase. */
async function shows(backend: { apiUrl: string }, run: FlippedRun): Promise<boolean> {
  const res = await fetch(`${backend.apiUrl}/projects/${run.project}/stages/${run.stage}`);
  if (!res.ok) return false;
  const stage = (await res.json()) as StageDetail;
  return stage.verifications.find(v => v.analysisRun?.name === run.name)?.phase === run.phase;
}

/**
 * Polls the REST answers of the changed Stages until every run shows its new
 * phase; the delay of each (Infinity when not within the timeout). Eight
 * requests at a time, as a few open pages would: 100 pollers at once would
 * load the backend (which shares this process) more than the change does.
 */
async function visibleAfter(backend: { apiUrl: string }, runs: FlippedRun[], timeoutMs = 30_000): Promise<number[]> {
  const delays = new Map<FlippedRun, number>();
  const withSlot = createLimiter(8);
  const first = Math.min(...runs.map(r => r.at));
  while (delays.size < runs.length && Date.now() - first < timeoutMs) {
    await Promise.all(
      runs
        .filter(run => !delays.has(run))
        .map(run => withSlot(async () => {
          if (await shows(backend, run)) delays.set(run, Date.now() - run.at);
        })),
    );
    await sleep(10);
  }
  return runs.map(run => delays.get(run) ?? Number.POSITIVE_INFINITY);
}

export async function runLive(options: {
  spec: FleetSpec;
  log: (line: string) => void;
  profileDir?: string;
  browser?: boolean;
}): Promise<LiveFigures> {
  const { spec, log } = options;
  const fleet = countsOf(spec);
  const sandbox: BenchSandbox = await startBenchSandbox(spec);
  log(`sandbox (pid ${sandbox.pid}) loaded ${fleet.stages} Stages in ${sandbox.loadMs} ms`);
  let backend: BackendProcess | undefined;
  try {
    const sync = await profiled(options.profileDir, 'first-sync', () => watchFirstSync(sandbox.url));
    if (sync.stages !== fleet.stages) throw new Error(`the first sync built ${sync.stages} Stages of ${fleet.stages}`);
    const firstSyncMs = sync.ms;
    const rssMb = sync.rssMb;
    log(`first sync: ${firstSyncMs} ms, ${sync.cpuMs} ms CPU, peak RSS ${sync.peakRssMb} MB, RSS after ${rssMb} MB`);
    const startedAt = performance.now();
    backend = await startBackendProcess(sandbox.url);
    const b = backend;
    while ((await servedStages(b, spec)) !== fleet.stages) await sleep(20);
    const backendStartMs = Math.round(performance.now() - startedAt);
    const backendPeakRssMb = Math.round(b.peakRssMb());
    log(`backend (watch, pid ${b.pid}) serving every Stage: ${backendStartMs} ms from its start, peak RSS ${backendPeakRssMb} MB`);

    // Idle as the issue defines it: 60 s after the initial sync, nothing
    // changing; it starts once the first pull-request listings are done.
    await sleep(2000);
    const idle = await idleCost(sandbox, b, log);
    log(`idle after the first sync: ${JSON.stringify(idle)}`);
    // Which step raises the peak: up to here the first pull-request listings
    // and the rebuilds they caused are in.
    const afterListingsPeakRssMb = Math.round(b.peakRssMb());
    log(`backend peak RSS after the first pull-request listings: ${afterListingsPeakRssMb} MB`);

    // Freshness: one change at a time.
    const delays: number[] = [];
    for (let i = 0; i < 20; i++) {
      delays.push(...(await visibleAfter(b, await sandbox.flip(i * 7, 1))));
    }
    log(`freshness: ${delays.join(', ')} ms`);

    // A burst: 100 changes at once, each must become visible.
    const burst = await sandbox.flip(1000, 100);
    const burstDelays = await visibleAfter(b, burst);
    const burstVisible = burstDelays.filter(Number.isFinite).length;
    log(`burst: ${burstVisible}/100 visible`);

    // Idle again after the burst: V8 collects the burst's garbage meanwhile.
    await sleep(2000);
    const idleAfterBurst = await idleCost(sandbox, b, log);
    log(`idle after the burst: ${JSON.stringify(idleAfterBurst)}`);

    // Two idle minutes on, V8 has given back the first sync's pages.
    log(`backend peak RSS after the changes and the burst: ${Math.round(b.peakRssMb())} MB`);
    const backendSettledRssMb = Math.round(b.currentRssMb());
    log(`backend RSS after the idle windows (no GC forced): ${backendSettledRssMb} MB`);

    // The pull-request pass (its own schedule, `kargo.refresh.frequency`), which
    // the recording scheduler never runs by itself: one pass with nothing to
    // do, its cost and requests (GitHub answers 304, GitLab lists again).
    await sandbox.reset();
    const prCpu = await b.cpuMs();
    await b.runTask('kargo-pull-requests');
    const prCpuMs = (await b.cpuMs()) - prCpu;
    const prCounts = await sandbox.counts();
    const prPass = {
      cpuMs: Math.round(prCpuMs),
      gitRequests: prCounts.github + prCounts.gitlab,
      github304: prCounts.github304,
    };
    log(`pull-request pass, nothing changed: ${JSON.stringify(prPass)}`);
    const backendRunPeakRssMb = Math.round(b.peakRssMb());
    log(`backend peak RSS over the whole run: ${backendRunPeakRssMb} MB`);
    // What the backend holds, after a full GC: asked last, because a forced
    // full GC (compacting the heap) raises RSS while it runs, and asked
    // mid-run it was part of the peak it should not be.
    const backendRssMb = Math.round(await b.rssMb());
    log(`backend RSS after a full GC: ${backendRssMb} MB`);

    // On screen: the demo's own backend watches the fleet; this one stops first.
    await backend.stop();
    backend = undefined;
    let onScreen: number[] | null = null;
    if (options.browser) {
      try {
        onScreen = await browserFreshness({ sandbox, project: projectName(0), samples: 20, log });
      } catch (error) {
        log(`the delay to the screen was not measured: ${(error as Error)?.stack ?? error}`);
      }
    }
    return {
      stages: fleet.stages,
      firstSyncMs,
      firstSyncCpuMs: sync.cpuMs,
      syncPeakRssMb: sync.peakRssMb,
      rssMb,
      backendPeakRssMb,
      backendStartMs,
      backendSettledRssMb,
      backendRunPeakRssMb,
      afterListingsPeakRssMb,
      backendRssMb,
      p50Ms: percentile(delays, 50),
      p95Ms: percentile(delays, 95),
      browserP95Ms: onScreen && percentile(onScreen, 95),
      browserP50Ms: onScreen && percentile(onScreen, 50),
      burstP95Ms: percentile(burstDelays, 95),
      burstVisible,
      ...idle,
      idleAfterBurst,
      prPass,
    };
  } finally {
    await backend?.stop();
    await sandbox.stop();
  }
}
