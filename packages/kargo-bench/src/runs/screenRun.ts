/**
 * `yarn bench --screen`: only the on-screen step of `--live` (the demo on
 * the fleet, Chromium on a Component's Kargo tab, runs flipped in the
 * sandbox one at a time), with each sample's hops logged: where the delay
 * from the change to the screen goes, without the minutes of `--live`'s
 * REST, burst and idle steps.
 */
import { projectName, type FleetSpec } from '../fleet/generate';
import { startBenchSandbox } from '../sandbox/parent';
import { browserFreshness } from './browserFreshness';
import { percentile } from './liveRun';

export interface ScreenFigures {
  stages: number;
  delaysMs: number[];
  p50Ms: number;
  p95Ms: number;
}

export async function runScreen(options: {
  spec: FleetSpec;
  samples: number;
  log: (line: string) => void;
}): Promise<ScreenFigures | null> {
  const sandbox = await startBenchSandbox(options.spec);
  options.log(`sandbox (pid ${sandbox.pid}) with ${sandbox.fleet.stages} Stages loaded in ${sandbox.loadMs} ms`);
  try {
    const delaysMs = await browserFreshness({
      sandbox,
      project: projectName(0),
      samples: options.samples,
      log: options.log,
    });
    if (!delaysMs) return null;
    return {
      stages: sandbox.fleet.stages,
      delaysMs,
      p50Ms: percentile(delaysMs, 50),
      p95Ms: percentile(delaysMs, 95),
    };
  } finally {
    await sandbox.stop();
  }
}
