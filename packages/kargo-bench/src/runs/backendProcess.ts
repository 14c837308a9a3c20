/** Starts the backend child (see backendChild.ts), compiled, and talks to it. */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import type { BackendQuestion, FromBackend, ToBackend } from './backendChild';
import { backendChildBundle } from './backendBundle';
import { stopChild } from '../stopChild';

export interface BackendProcess {
  pid: number;
  /** Base of the plugin's API, e.g. http://127.0.0.1:PORT/api/kargo. */
  apiUrl: string;
  /** RSS of the backend process after a full GC. */
  rssMb(): Promise<number>;
  /** Peak RSS of the backend process over its life (the kernel's VmHWM). */
  peakRssMb(): number;
  /** RSS of the backend process now, as it is (no GC forced). */
  currentRssMb(): number;
  /** CPU time the backend process used so far, all its threads. */
  cpuMs(): Promise<number>;
  /** Runs one of the plugin's scheduled tasks once, as the scheduler would. */
  runTask(id: string): Promise<void>;
  stop(): Promise<void>;
}

/** A process's peak RSS (`VmHWM`) or current RSS (`VmRSS`) as the kernel counts it, in MB. */
export function rssOf(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return (kb * 1024) / 1e6;
}

export async function startBackendProcess(url: string): Promise<BackendProcess> {
  // Plain node, no transform (and none of the bench's own flags): as a built backend runs.
  const child = fork(await backendChildBundle(), [JSON.stringify({ url })], {
    // KARGO_BENCH_BACKEND_NODE_OPTIONS: flags for this child alone, to diagnose
    // it (e.g. `--trace-gc`), never the bench's own.
    execArgv: process.env.KARGO_BENCH_BACKEND_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (m: FromBackend) => void>();
  let nextId = 1;
  const ready = new Promise<string>((resolve, reject) => {
    child.on('message', (m: FromBackend) => {
      if (m.type === 'ready') resolve(m.apiUrl);
      else if (m.type === 'error') reject(new Error(`backend child failed: ${m.message}`));
      else waiting.get(m.id)?.(m);
    });
    child.on('exit', code => reject(new Error(`backend child exited with ${code}`)));
  });
  const ask = (message: BackendQuestion) =>
    new Promise<FromBackend & { type: 'answer' }>(resolve => {
      const id = nextId++;
      waiting.set(id, m => {
        waiting.delete(id);
        resolve(m as FromBackend & { type: 'answer' });
      });
      child.send({ ...message, id } as ToBackend);
    });
  let apiUrl: string;
  try {
    apiUrl = await ready;
  } catch (error) {
    child.kill();
    throw error;
  }
  const pid = child.pid ?? 0;
  return {
    pid,
    apiUrl,
    rssMb: async () => (await ask({ type: 'rss' })).rssMb ?? NaN,
    peakRssMb: () => rssOf(pid, 'VmHWM'),
    currentRssMb: () => rssOf(pid, 'VmRSS'),
    cpuMs: async () => (await ask({ type: 'cpu' })).cpuMs ?? NaN,
    runTask: async task => {
      await ask({ type: 'task', task });
    },
    stop: () => stopChild(child, 10_000),
  };
}
