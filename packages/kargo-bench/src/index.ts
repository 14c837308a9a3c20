/**
 * The Kargo plugin's cost benchmark (`yarn bench`); see docs/benchmarks.md.
 * The exports let another script run a fleet programmatically.
 */
export { parseArgs, fleetSpec, USAGE } from './args';
export type { BenchArgs } from './args';
export { runFleet } from './runs/fleetRun';
export type { RunOptions, RunResult } from './runs/fleetRun';
export type { BenchFigures, RefreshFigures } from './report';
export type { FleetSpec, FleetCounts } from './fleet/generate';
