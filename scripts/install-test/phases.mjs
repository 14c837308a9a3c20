/*
 * Wall time per phase of the install test, printed as each ends and as a
 * table at the end. Phases may overlap (publishing runs beside the fresh
 * app's first install), so the durations need not add up to the total.
 * Beside the wall time, the CPU seconds all processes of the test used
 * (Linux /proc): on a machine shared with other jobs the wall time grows,
 * the CPU time hardly does, so it tells what a clean machine would take.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { daemonGroups } from './processes.mjs';

const TICKS = 100; // USER_HZ, 100 on Linux

/** utime+stime(+cutime+cstime) of /proc/<pid>/stat, in ticks. */
function ticks(pid, withChildren) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // f[2] is pgrp; f[11..14] utime, stime, cutime, cstime.
    const own = Number(f[11]) + Number(f[12]);
    return {
      pgrp: Number(f[2]),
      ticks: withChildren ? own + Number(f[13]) + Number(f[14]) : own,
    };
  } catch {
    return { pgrp: -1, ticks: 0 };
  }
}

/**
 * CPU seconds of this process, its finished children, and the live
 * processes of its daemons' groups (a server's CPU counts before it ends).
 */
function cpuSeconds() {
  let total = ticks('self', true).ticks;
  const groups = daemonGroups();
  if (groups.size) {
    for (const pid of readdirSync('/proc').filter(d => /^\d+$/.test(d))) {
      const p = ticks(pid, false);
      if (groups.has(p.pgrp)) total += p.ticks;
    }
  }
  return total / TICKS;
}

const started = Date.now();
const startCpu = cpuSeconds();
const done = [];

const seconds = ms => Math.round(ms / 1000);

/** Seconds since the test started, for log lines. */
export const elapsed = () => `${seconds(Date.now() - started)} s`;

/** Runs `fn` as the phase `name`; records its duration even when it fails. */
export async function phase(name, fn) {
  const start = Date.now();
  const cpu = cpuSeconds();
  try {
    return await fn();
  } finally {
    const took = seconds(Date.now() - start);
    const used = Math.round(cpuSeconds() - cpu);
    done.push({ name, from: seconds(start - started), took, used });
    console.log(`  [${elapsed()}] ${name}: ${took} s (CPU ${used} s)`);
  }
}

export function phaseTable() {
  const width = Math.max(...done.map(p => p.name.length), 5);
  const row = (name, from, took, used) =>
    `${name.padEnd(width)}  ${String(from).padStart(5)}  ${String(
      took,
    ).padStart(7)}  ${String(used).padStart(7)}`;
  return [
    row('phase', 'start', 'seconds', 'CPU s'),
    ...done.map(p => row(p.name, p.from, p.took, p.used)),
    row(
      'total',
      '',
      seconds(Date.now() - started),
      Math.round(cpuSeconds() - startCpu),
    ),
  ].join('\n');
}
