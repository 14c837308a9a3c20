/** Wall time, CPU time and peak RSS of one async operation of this process. */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export interface Cost {
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  /** RSS just before the operation (the backend, loaded and idle). */
  startRssMb: number;
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
  const maxRssBefore = process.resourceUsage().maxRSS;
  const startRss = process.memoryUsage.rss();
  let peak = startRss;
  // Sampled every 50 ms (reading RSS costs ~0.2 ms of CPU on this machine, which
  // every 10 ms would add ~2% to the CPU measured); resourceUsage().maxRSS below
  // catches a peak that falls between samples whenever it is a new lifetime peak.
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  const cpu = process.cpuUsage();
  const start = performance.now();
  try {
    const result = await fn();
    const wallMs = performance.now() - start;
    const used = process.cpuUsage(cpu);
    peak = Math.max(peak, process.memoryUsage.rss());
    const maxRssAfter = process.resourceUsage().maxRSS;
    // The lifetime peak rose during the run: then it happened during the run.
    if (maxRssAfter > maxRssBefore) peak = Math.max(peak, maxRssAfter * 1024);
    return {
      result,
      cost: {
        wallMs: Math.round(wallMs),
        cpuMs: Math.round((used.user + used.system) / 1000),
        peakRssMb: mb(peak),
        startRssMb: mb(startRss),
      },
    };
  } finally {
    clearInterval(sampler);
  }
}
