import type { ChildProcess } from 'node:child_process';

/** Asks a child process to stop (its `stop` message), and kills it if it has not exited within `graceMs`. */
export async function stopChild(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise(resolve => child.once('exit', resolve));
  child.send({ type: 'stop', id: 0 });
  await Promise.race([exited, new Promise(r => setTimeout(r, graceMs))]);
  if (child.exitCode === null) child.kill();
}
