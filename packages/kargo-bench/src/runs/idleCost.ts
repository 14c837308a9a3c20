/**
 * `--live`'s idle windows: 60 s without a change, what the backend still
 * asks of the cluster and the Git providers and the CPU it uses.
 */
import type { BenchSandbox } from '../sandbox/parent';
import type { BackendProcess } from './backendProcess';

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

export interface IdleCost {
  idleK8sRequestsPerMin: number;
  idleListRequests: number;
  /** GitHub and GitLab requests in the window (the pull-request task never runs in it). */
  idleGitRequests: number;
  idleCpuPct: number;
}

export interface GitQuiet {
  /** Whether no Git request came for `quietMs` before `maxMs` ran out. */
  settled: boolean;
  waitedMs: number;
  /** Git requests counted meanwhile (since the sandbox's last reset). */
  gitRequests: number;
}

/**
 * Waits until the sandbox has served no Git request for `quietMs`, at most
 * `maxMs`. The backend lists every repository's pull requests once its first
 * sync is done, then rebuilds the Stages they touch: at 5,000 Stages those
 * listings still ran inside the first "idle" minute.
 */
export async function gitQuiet(
  sandbox: Pick<BenchSandbox, 'counts'>,
  { quietMs = 5000, maxMs = 180_000, pollMs = 500 } = {},
): Promise<GitQuiet> {
  const start = performance.now();
  const git = async () => {
    const c = await sandbox.counts();
    return c.github + c.gitlab;
  };
  let last = await git();
  let changedAt = performance.now();
  while (performance.now() - changedAt < quietMs) {
    if (performance.now() - start >= maxMs) {
      return { settled: false, waitedMs: Math.round(performance.now() - start), gitRequests: last };
    }
    await sleep(pollMs);
    const now = await git();
    if (now !== last) {
      last = now;
      changedAt = performance.now();
    }
  }
  return { settled: true, waitedMs: Math.round(performance.now() - start), gitRequests: last };
}

/**
 * 60 s without a change, once Git is quiet: Kubernetes requests other than
 * the open watches (LISTs counted apart), Git requests, and the backend
 * process's CPU (all its threads).
 */
export async function idleCost(
  sandbox: BenchSandbox,
  backend: BackendProcess,
  log: (line: string) => void,
): Promise<IdleCost> {
  const quiet = await gitQuiet(sandbox);
  log(
    quiet.settled
      ? `Git quiet after ${quiet.waitedMs} ms (${quiet.gitRequests} Git requests since the sandbox's last reset)`
      : `Git still busy after ${quiet.waitedMs} ms (${quiet.gitRequests} Git requests); the idle window starts anyway`,
  );
  await sandbox.reset();
  const cpu = await backend.cpuMs();
  const idleStart = performance.now();
  await sleep(60_000);
  const usedMs = (await backend.cpuMs()) - cpu;
  const idleMs = performance.now() - idleStart;
  const counts = await sandbox.counts();
  const routes = Object.entries(counts.kubeByRoute);
  const lists = routes.filter(([route]) => route.startsWith('LIST')).reduce((n, [, c]) => n + c, 0);
  const nonWatch = routes.filter(([route]) => !route.startsWith('WATCH')).reduce((n, [, c]) => n + c, 0);
  return {
    idleK8sRequestsPerMin: Math.round((nonWatch / idleMs) * 60_000 * 10) / 10,
    idleListRequests: lists,
    idleGitRequests: counts.github + counts.gitlab,
    idleCpuPct: Math.round((usedMs / idleMs) * 1000) / 10,
  };
}
