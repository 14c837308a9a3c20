/**
 * `yarn bench`: the cost of the Kargo plugin on a generated fleet, side by
 * side with the naive approach. The last line printed is one JSON object.
 */
import os from 'node:os';
import { fleetSpec, parseArgs, type BenchArgs } from './args';
import { printRun, targetLines } from './print';
import { row, smokeFailures } from './report';
import { runFleet } from './runs/fleetRun';
import { runLive } from './runs/liveRun';
import { catalogFailures, runCatalog } from './runs/catalog/catalogRun';
import { runRender } from './runs/renderRun';
import { runScreen } from './runs/screenRun';
import { runKargoApi } from './runs/kargoApiRun';
import { runFleetMeasure, runHostile } from './runs/hostileRun';
import { runProjectLists } from './runs/projectListsRun';

const SMOKE_SCHEDULES = { providerS: 2, collatorS: 3 };
const print = (line: string) => process.stdout.write(`${line}\n`);
const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function machine(): string {
  const load = os.loadavg().map(l => l.toFixed(2)).join(' ');
  return `${os.cpus().length} CPUs (${os.cpus()[0]?.model}), Node ${process.version}, load average ${load}`;
}

async function scaling(args: BenchArgs) {
  const rows = [];
  print(row('Stages', [
    'refresh ms', 'CPU ms', 'RSS MB', 'k8s req', 'PR ms', 'Git req', '2nd ms', '2nd CPU', '2nd RSS', '2nd k8s',
    'parse ms', 'read ms', 'sync ms', 'sync CPU', 'sync RSS', 'sync req',
  ], 10));
  for (const stages of args.sizes) {
    let r: Awaited<ReturnType<typeof runFleet>>;
    try {
      r = await runFleet({ spec: fleetSpec(stages), naive: false, log, watchSync: true });
    } catch (error) {
      // The sizes already measured still count; the failure is reported and fails the run.
      log(`${stages} Stages failed: ${(error as Error)?.stack ?? error}`);
      print(row(String(stages), ['failed'], 10));
      process.exitCode = 1;
      continue;
    }
    const f = r.figures;
    const w = r.watchSync!;
    rows.push({ ...f, watchSync: w, loadAverage: os.loadavg()[0] });
    // Each size's figures as soon as they exist: a long run stopped later keeps them.
    log(`${stages} Stages: ${JSON.stringify(rows[rows.length - 1])}`);
    print(row(String(stages), [
      f.refreshMs, f.refreshCpuMs, f.peakRssMb, f.k8sRequests, f.pullRequests?.ms ?? '', f.pullRequests?.gitRequests ?? '',
      f.secondRefresh.refreshMs, f.secondRefresh.refreshCpuMs, f.secondRefresh.peakRssMb, f.secondRefresh.k8sRequests,
      f.parseFloorMs, f.readFloorMs ?? '', w.ms, w.cpuMs, w.peakRssMb, w.k8sRequests,
    ], 10));
  }
  print(JSON.stringify({ machine: machine(), scaling: rows, connections: args.connections }));
}

/** Builds of each hostile Stage shape, printed (never asserted). */
async function hostile() {
  const figures = await runHostile();
  print(row('hostile Stage', ['objects MB', 'caps ms', 'first ms', 'rebuild ms', 'CPU ms', 'answer MB', 'shown', 'too large'], 11));
  for (const f of figures)
    print(row(f.shape, [f.objectsMb, f.capsOnlyMs, f.firstMs, f.ms, f.cpuMs, f.detailMb, f.promotionsShown, f.tooLarge ? 'yes' : 'no'], 11));
  const fleet = await runFleetMeasure();
  print(`${fleet.stages} ordinary Stages (${fleet.objectsMb} MB of objects): a build measuring every object ${fleet.firstMs} ms CPU, a build of measured objects ${fleet.rebuildMs} ms CPU (best of 3 each)`);
  print(row('long lists', ['Stages', 'Freight', 'Promotions', 'all ms', 'event ms', 'unkept ms'], 11));
  const lists = [await runProjectLists(10, 500_000, 0), await runProjectLists(4_000, 0, 200_000)];
  for (const l of lists) print(row('', [l.stages, l.freight, l.promotions, l.firstMs, l.eventMs, l.unkeptMs], 11));
  print(JSON.stringify({ machine: machine(), hostile: figures, fleetMeasure: fleet, projectLists: lists }));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  log(machine());
  if (args.hostile) {
    await hostile();
    return;
  }
  if (args.scaling) {
    await scaling(args);
    return;
  }
  if (args.catalog) {
    // --smoke: the schedules shortened to seconds, so that the check stays short.
    const schedules = args.smoke ? SMOKE_SCHEDULES : undefined;
    const catalog = await runCatalog({ spec: args.spec, databases: args.catalog, log, schedules });
    print(JSON.stringify({ machine: machine(), catalog }));
    const failures = catalog.flatMap(catalogFailures);
    if (failures.length > 0) {
      log(`catalog FAILED:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    }
    // The stopped catalog backend leaves timers behind (its scheduler's and
    // the processing loop's); the figures are printed.
    process.exit();
  }
  if (args.render) {
    const render = await runRender({ spec: args.spec, loads: 10, log });
    print(JSON.stringify({ machine: machine(), render }));
    return;
  }
  if (args.kargoApi) {
    const kargoApi = await runKargoApi({ samples: 20, readSeconds: 65, log });
    const { promote: p, authorizedReads: r } = kargoApi;
    print(`promote through Kargo's API as the person (${p.samples}): answer p50 ${p.answerP50Ms} ms, p95 ${p.answerP95Ms} ms;` +
      ` on the tab p50 ${p.onTabP50Ms} ms, p95 ${p.onTabP95Ms} ms`);
    print(`authorized reads: ${r.people} people x ${r.projects} projects, ${r.reads} tab reads in ${r.seconds} s:` +
      ` ${r.kargoCalls} Kargo API calls = ${r.callsPerPersonProjectMinute} per person, project and begun minute`);
    print(JSON.stringify({ machine: machine(), kargoApi }));
    // The stopped backend and sandbox leave timers behind; the figures are printed.
    process.exit();
  }
  if (args.screen) {
    const screen = await runScreen({ spec: args.spec, samples: 20, log });
    print(JSON.stringify({ machine: machine(), screen }));
    return;
  }
  if (args.live) {
    const live = await runLive({ spec: args.spec, log, profileDir: args.profileDir, browser: args.browser });
    print(row('live', ['p50 ms', 'p95 ms', 'screen p50', 'screen p95', 'burst p95', 'visible', 'idle LIST', 'idle Git', 'idle req/min', 'idle CPU %', 'sync ms', 'RSS MB']));
    print(row(String(live.stages), [
      live.p50Ms, live.p95Ms, live.browserP50Ms ?? '', live.browserP95Ms ?? '', live.burstP95Ms, live.burstVisible, live.idleListRequests, live.idleGitRequests,
      live.idleK8sRequestsPerMin, live.idleCpuPct, live.firstSyncMs, live.rssMb,
    ]));
    const { p50Ms, p95Ms, browserP95Ms, idleK8sRequestsPerMin, idleCpuPct, burstP95Ms } = live;
    print(JSON.stringify({
      machine: machine(),
      stages: live.stages,
      firstSyncMs: live.firstSyncMs,
      firstSyncCpuMs: live.firstSyncCpuMs,
      syncPeakRssMb: live.syncPeakRssMb,
      rssMb: live.rssMb,
      backendPeakRssMb: live.backendPeakRssMb,
      backendRssMb: live.backendRssMb,
      backendStartMs: live.backendStartMs,
      backendSettledRssMb: live.backendSettledRssMb,
      backendRunPeakRssMb: live.backendRunPeakRssMb,
      afterListingsPeakRssMb: live.afterListingsPeakRssMb,
      idleAfterBurst: live.idleAfterBurst,
      prPass: live.prPass,
      idleListRequests: live.idleListRequests,
      idleGitRequests: live.idleGitRequests,
      burstVisible: live.burstVisible,
      browserP50Ms: live.browserP50Ms,
      live: { p50Ms, p95Ms, browserP95Ms, idleK8sRequestsPerMin, idleCpuPct, burstP95Ms },
    }));
    return;
  }
  const result = await runFleet({
    spec: args.spec,
    naive: args.naive,
    load: { connections: args.connections, durationSeconds: args.durationSeconds },
    log,
    profileDir: args.profileDir,
    heapSnapshot: args.heapSnapshot,
  });
  printRun(result, print);
  print('');
  print('Targets (issue 9):');
  for (const line of targetLines(result)) print(`  ${line}`);
  print(JSON.stringify(result.figures));
  if (args.smoke) {
    const failures = smokeFailures(result.figures, result.fleet);
    if (result.served.stages !== result.fleet.stages) {
      failures.push(`the backend serves ${result.served.stages} Stages of ${result.fleet.stages}`);
    }
    // The catalog at the same size on SQLite, schedules in seconds (~30 s).
    const catalog = await runCatalog({ spec: args.spec, databases: ['sqlite'], log, schedules: SMOKE_SCHEDULES });
    print(JSON.stringify({ catalog }));
    failures.push(...catalog.flatMap(catalogFailures));
    await hostile();
    if (failures.length > 0) {
      log(`smoke FAILED:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    } else {
      log('smoke passed');
    }
    process.exit();
  }
}

main().catch(error => {
  log(`failed: ${(error as Error)?.stack ?? error}`);
  process.exit(1);
});
