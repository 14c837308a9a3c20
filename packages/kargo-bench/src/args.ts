/** Command line of `yarn bench`. */
import type { FleetSpec } from './fleet/generate';

export interface BenchArgs {
  spec: FleetSpec;
  smoke: boolean;
  scaling: boolean;
  /** Fleet sizes of --scaling. */
  sizes: number[];
  /** The watch path: freshness, burst, idle cost (issue 14). */
  live: boolean;
  /** --live: also the delay to the screen, in Chromium against the demo (not with --no-browser). */
  browser: boolean;
  /** The catalog at the fleet's size (kargo-stage entities, search, one change), on these databases. */
  catalog: Array<'sqlite' | 'pg'> | null;
  /** The Kargo tab of a 50-Stage Component in Chromium (demo on the fleet): render after the data arrives. */
  render: boolean;
  /** Only --live's on-screen step, with each change's hops. */
  screen: boolean;
  /** Promote as the person through Kargo's API, and reads authorized by Kargo (issue 32). */
  kargoApi: boolean;
  /** One project member's huge Stage: the cost of a rebuild (issue 35). */
  hostile: boolean;
  /** Skip the naive approach (it is slow on big fleets). */
  naive: boolean;
  connections: number;
  durationSeconds: number;
  profileDir?: string;
  heapSnapshot?: string;
}

export const USAGE = `Usage: yarn bench [--stages N] [--projects P] [--smoke] [--scaling [--sizes A,B]] [--live] [--screen] [--catalog [--db D]] [--render] [--kargo-api] [--hostile] [--no-naive]
  --stages N     fleet size (default 1000); projects = N / 50 unless --projects
  --projects P   number of projects (Stages are spread evenly over them)
  --smoke        100 Stages, 2 s of detail load with 5 clients, checks the figures
  --scaling      refresh and watch first-sync figures at 100, 1,000, 5,000 and 10,000
                 Stages (no naive, no load); --sizes 100,1000 for other sizes
  --live         watch mode: freshness p50/p95 (run change -> REST), a burst of 100
                 changes, 60 s idle (LIST requests, CPU), first sync and memory, then
                 the delay to the screen in Chromium: starts the demo (on free ports)
                 on the fleet
  --no-browser   --live without Chromium (browserP95Ms null)
  --screen       only --live's Chromium step (20 changes), each change's hops logged
  --catalog      the catalog at the fleet's size: a backend with the catalog, search and
                 the Kargo catalog module on a fresh database; time until every kargo-stage
                 entity is held and found by search, the cost of an unchanged fleet, one
                 change to its entity and rollup; --db sqlite|pg|both (default both)
  --render       the Kargo tab of a Component naming a 50-Stage project in Chromium (the
                 demo on the fleet, free ports): entity answer arrived -> 50 Stage sections
                 in the DOM, p50/p95 over 10 loads
  --hostile      one project member's huge Stage (thousands of steps, outputs or queued
                 Promotions, within what the API server stores): the time of one rebuild
                 of it and the size of its answer (issue 35); also printed by --smoke
  --kargo-api    the demo sandbox's Kargo API with a signed-in person: promote as alice
                 20 times (Kargo's answer and the Promotion in the plugin's Stage answer,
                 p50/p95), then 2 people reading a 2-project tab every second for 65 s
                 with api.authorizeReads (Kargo API calls per person and project a minute)
  --no-naive     skip the naive approach
  --connections C / --duration S   detail load (default 50 clients for 10 s)
  --profile DIR  write a CPU profile of the first full refresh to DIR
  --heap-snapshot FILE  write a V8 heap snapshot after the second refresh`;

const STAGES_PER_PROJECT = 50;

function intOf(flag: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} needs a positive integer, got '${value}'`);
  return n;
}

/** The fleet of N Stages: 50 per project unless the project count is given. */
export function fleetSpec(stages: number, projects?: number): FleetSpec {
  const p = projects ?? Math.max(1, Math.round(stages / STAGES_PER_PROJECT));
  return {
    projects: p,
    stagesPerProject: Math.max(1, Math.round(stages / p)),
    stagesPerRepo: 10,
    gitlabEvery: 10,
  };
}

function databasesOf(db: string): Array<'sqlite' | 'pg'> {
  return db === 'both' ? ['sqlite', 'pg'] : [db as 'sqlite' | 'pg'];
}

export function parseArgs(argv: string[]): BenchArgs {
  let stages: number | undefined;
  let projects: number | undefined;
  let connections: number | undefined;
  let duration: number | undefined;
  let smoke = false;
  let scaling = false;
  let live = false;
  let naive = true;
  let browser = true;
  let profileDir: string | undefined;
  let heapSnapshot: string | undefined;
  let sizes = [100, 1000, 5000, 10000];
  let catalog = false;
  let render = false;
  let screen = false;
  let kargoApi = false;
  let hostile = false;
  let db = 'both';
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--stages') stages = intOf(flag, argv[++i]);
    else if (flag === '--projects') projects = intOf(flag, argv[++i]);
    else if (flag === '--connections') connections = intOf(flag, argv[++i]);
    else if (flag === '--duration') duration = intOf(flag, argv[++i]);
    else if (flag === '--profile') profileDir = argv[++i];
    else if (flag === '--heap-snapshot') heapSnapshot = argv[++i];
    else if (flag === '--sizes') sizes = (argv[++i] ?? '').split(',').map(n => intOf(flag, n));
    else if (flag === '--db') db = argv[++i] ?? '';
    else if (flag === '--catalog') catalog = true;
    else if (flag === '--render') render = true;
    else if (flag === '--screen') screen = true;
    else if (flag === '--kargo-api') kargoApi = true;
    else if (flag === '--hostile') hostile = true;
    else if (flag === '--smoke') smoke = true;
    else if (flag === '--scaling') scaling = true;
    else if (flag === '--live') live = true;
    else if (flag === '--no-naive') naive = false;
    else if (flag === '--no-browser') browser = false;
    else throw new Error(`Unknown argument '${flag}'\n${USAGE}`);
  }
  if (!['sqlite', 'pg', 'both'].includes(db)) throw new Error(`--db needs sqlite, pg or both, got '${db}'`);
  return {
    render,
    screen,
    kargoApi,
    hostile,
    catalog: catalog ? databasesOf(db) : null,
    spec: fleetSpec(stages ?? (smoke ? 100 : 1000), projects),
    smoke,
    scaling,
    sizes,
    live,
    browser,
    naive,
    connections: connections ?? (smoke ? 5 : 50),
    durationSeconds: duration ?? (smoke ? 2 : 10),
    profileDir,
    heapSnapshot,
  };
}
