/** Starts the sandbox child process and talks to it. */
import { ChildProcess, fork } from 'node:child_process';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import type { FleetSpec } from '../fleet/generate';
import type { FlippedRun, FromSandbox, SandboxReady, ToSandbox } from './protocol';
import type { RequestCounts } from './counter';
import { stopChild } from '../stopChild';

export interface BenchSandbox extends SandboxReady {
  pid: number;
  counts(): Promise<RequestCounts>;
  reset(): Promise<void>;
  /** --live: changes `count` AnalysisRuns' phase in the sandbox now. */
  flip(first: number, count: number): Promise<FlippedRun[]>;
  /** --live in Chromium: changes one named AnalysisRun's phase now (none when unknown). */
  flipRun(project: string, name: string): Promise<FlippedRun[]>;
  stop(): Promise<void>;
}

const TRANSFORM = require.resolve('@backstage/cli-node/config/nodeTransform.cjs');

export async function startBenchSandbox(spec: FleetSpec): Promise<BenchSandbox> {
  const child: ChildProcess = fork(resolvePackagePath('@kargo-backstage/kargo-bench', 'src/sandbox/child.ts'), [JSON.stringify({ spec })], {
    execArgv: ['--max-old-space-size=8192', '-r', TRANSFORM],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Map<number, (m: FromSandbox) => void>();
  let nextId = 1;
  const ready = new Promise<SandboxReady>((resolve, reject) => {
    child.on('message', (m: FromSandbox) => {
      if (m.type === 'ready') resolve(m);
      else if (m.type === 'error') reject(new Error(`sandbox child failed: ${m.message}`));
      else waiting.get(m.id)?.(m);
    });
    child.on('exit', code => reject(new Error(`sandbox child exited with ${code}`)));
  });
  const ask = (type: ToSandbox['type'], extra: Record<string, unknown> = {}) =>
    new Promise<FromSandbox>(resolve => {
      const id = nextId++;
      waiting.set(id, m => {
        waiting.delete(id);
        resolve(m);
      });
      child.send({ type, id, ...extra } as ToSandbox);
    });
  const info = await ready;
  return {
    ...info,
    pid: child.pid ?? 0,
    counts: async () => {
      const m = await ask('counts');
      if (m.type !== 'counts') throw new Error('unexpected answer from the sandbox child');
      return m.counts;
    },
    reset: async () => {
      await ask('reset');
    },
    flip: async (first, count) => {
      const m = await ask('flip', { first, count });
      if (m.type !== 'flipped') throw new Error('unexpected answer from the sandbox child');
      return m.runs;
    },
    flipRun: async (project, name) => {
      const m = await ask('flipRun', { project, name });
      if (m.type !== 'flipped') throw new Error('unexpected answer from the sandbox child');
      return m.runs;
    },
    stop: () => stopChild(child, 5000),
  };
}
