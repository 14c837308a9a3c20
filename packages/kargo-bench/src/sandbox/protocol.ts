/** Messages between the bench and its sandbox child process. */
import type { FleetCounts, FleetSpec } from '../fleet/generate';
import type { RequestCounts } from './proxy';

export type ToSandbox =
  | { type: 'counts'; id: number }
  | { type: 'reset'; id: number }
  | { type: 'stop'; id: number };

export interface SandboxReady {
  type: 'ready';
  /** The counting proxy: point every client measured here. */
  url: string;
  /** The sandbox itself, uncounted (raw payloads for the parse floor). */
  directUrl: string;
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
