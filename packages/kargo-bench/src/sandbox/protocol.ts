/** Messages between the bench and its sandbox child process. */
import type { FleetCounts, FleetSpec } from '../fleet/generate';
import type { RequestCounts } from './counter';

export type ToSandbox =
  | { type: 'counts'; id: number }
  | { type: 'reset'; id: number }
  | { type: 'stop'; id: number };

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
  | { type: 'error'; message: string };

export interface SandboxChildArgs {
  spec: FleetSpec;
}
