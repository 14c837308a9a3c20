/** Runs the load child process and waits for its figures. */
import { fork } from 'node:child_process';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import type { LoadArgs, LoadResult } from './protocol';

const TRANSFORM = require.resolve('@backstage/cli-node/config/nodeTransform.cjs');

export function runLoad(args: LoadArgs): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The arguments go over IPC: thousands of Stage paths on a command line
    // exceed the kernel's argument limit (spawn E2BIG at 5,000 Stages).
    const child = fork(resolvePackagePath('@kargo-backstage/kargo-bench', 'src/load/child.ts'), [], {
      execArgv: ['-r', TRANSFORM],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    let settled = false;
    child.on('message', (m: { result?: LoadResult; error?: string }) => {
      if (m.result) resolve(m.result);
      else if (m.error) reject(new Error(`load generator failed: ${m.error}`));
      else return; // not ours (e.g. a loader's own message)
      settled = true;
    });
    child.send({ args });
    child.on('exit', code => {
      if (!settled) reject(new Error(`load generator exited with ${code}`));
    });
  });
}
