/** Messages between the bench and its sandbox child process. */
import type { FleetCounts, FleetSpec } from '../fleet/generate';
import type { RequestCounts } from './counter';

export type ToSandbox =
  | { type: 'counts'; id: number }
  | { type: 'reset'; id: number }
  | { type: 'stop'; id: number }
  /** --live: turns `count` AnalysisRuns (from `first`, spread over the fleet) to another terminal phase. */
  | { type: 'flip'; id: number; first: number; count: number }
  /** --live in Chromium: turns this AnalysisRun (one the page shows) to another terminal phase. */
  | { type: 'flipRun'; id: number; project: string; name: string };

/** One AnalysisRun the sandbox changed, and when (epoch ms). */
export interface FlippedRun {
  project: string;
  stage: string;
  name: string;
  phase: string;
  at: number;
}

export interface SandboxReady {
  type: 'ready';
  /** The sandbox; every request it serves is counted. */
  url: string;
  fleet: FleetCounts;
  loadMs: number;
}

export type FromSandbox =
  | SandboxReady
  | { type: 'counts'; id: number; counts: RequestCounts }
  | { type: 'done'; id: number }
  | { type: 'flipped'; id: number; runs: FlippedRun[] }
  | { type: 'error'; message: string };

export interface SandboxChildArgs {
  spec: FleetSpec;
}
