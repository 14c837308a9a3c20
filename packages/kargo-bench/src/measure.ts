/** Wall time, CPU time and peak RSS of one async operation of this process. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface Cost {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  /** RSS just before the operation (the backend, loaded and idle). */
  startRssMb: number;
  /** Heap still in use after the operation and a full GC, minus before: what it keeps. */
  retainedHeapMb: number;
  /** How late timers ran during the operation: what other plugins' requests waited. */
  eventLoopDelay: { p99Ms: number; maxMs: number };
  /** Garbage collection pauses of the main thread during the operation. */
  gc: { count: number; ms: number };
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** Forces a full GC when possible, so a run does not pay for the previous one's garbage. */
export function collectGarbage() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}

export async function measure<T>(fn: () => Promise<T>): Promise<{ result: T; cost: Cost }> {
  collectGarbage();
  const heapBefore = process.memoryUsage().heapUsed;
  const maxRssBefore = process.resourceUsage().maxRSS;
  const startRss = process.memoryUsage.rss();
  let peak = startRss;
  // Sampled every 50 ms (reading RSS costs ~0.2 ms of CPU on this machine, which
  // every 10 ms would add ~2% to the CPU measured); resourceUsage().maxRSS below
  // catches a peak that falls between samples whenever it is a new lifetime peak.
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const gc = { count: 0, ms: 0 };
  const countGc = (entries: PerformanceEntry[]) => {
    for (const entry of entries) {
      gc.count += 1;
      gc.ms += entry.duration;
    }
  };
  const gcObserver = new PerformanceObserver(list => countGc(list.getEntries()));
  gcObserver.observe({ entryTypes: ['gc'] });
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    const result = await fn();
    const wallMs = performance.now() - start;
    const used = process.cpuUsage(cpu);
    loopDelay.disable();
    const delayMs = (ns: number) => Math.round(ns / 1e5) / 10;
    peak = Math.max(peak, process.memoryUsage.rss());
    const maxRssAfter = process.resourceUsage().maxRSS;
    // The lifetime peak rose during the run: then it happened during the run.
    if (maxRssAfter > maxRssBefore) peak = Math.max(peak, maxRssAfter * 1024);
    // Pauses not delivered yet count; the forced collection below does not.
    countGc(gcObserver.takeRecords());
    gcObserver.disconnect();
    const gcDuring = { count: gc.count, ms: Math.round(gc.ms) };
    collectGarbage();
    const retained = process.memoryUsage().heapUsed - heapBefore;
    return {
      result,
      cost: {
        wallMs: Math.round(wallMs),
        cpuMs: Math.round((used.user + used.system) / 1000),
        peakRssMb: mb(peak),
        startRssMb: mb(startRss),
        retainedHeapMb: mb(retained),
        gc: gcDuring,
        eventLoopDelay: { p99Ms: delayMs(loopDelay.percentile(99)), maxMs: delayMs(loopDelay.max) },
      },
    };
  } finally {
    clearInterval(sampler);
    gcObserver.disconnect();
  }
}
