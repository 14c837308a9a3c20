/*
 * Child processes of the install test: commands whose output it keeps, and
 * long-running servers (each in its own process group, stopped at the end).
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const daemons = [];

/** Runs a command; resolves to its output, rejects with its tail on failure. */
export function run(cmd, args, { cwd, env, allowFail = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', d => (out += d));
    child.stderr.on('data', d => (out += d));
    child.on('error', reject);
    child.on('close', code => {
      if (code === 0 || allowFail) resolve({ code, out });
      else
        reject(
          new Error(
            `${cmd} ${args.join(' ')} in ${cwd} failed (${code}):\n${out.slice(
              -6000,
            )}`,
          ),
        );
    });
  });
}

/** A long-running process in its own group, stopped by stopDaemons(). */
export function startDaemon(cmd, args, { cwd, env }) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
  });
  child.output = '';
  child.stdout.on('data', d => (child.output += d));
  child.stderr.on('data', d => (child.output += d));
  daemons.push(child);
  return child;
}

/** Process group ids of the running daemons. */
export function daemonGroups() {
  return new Set(daemons.filter(c => c.exitCode === null).map(c => c.pid));
}

export function stopDaemons() {
  for (const child of daemons) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}

/** Resolves when `url` answers 2xx; rejects when `child` stops first. */
export async function waitFor(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(
        `stopped before ${url} answered:\n${child.output.slice(-6000)}`,
      );
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await sleep(500);
  }
  throw new Error(
    `${url} did not answer within ${timeoutMs} ms:\n${child.output.slice(
      -6000,
    )}`,
  );
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}
