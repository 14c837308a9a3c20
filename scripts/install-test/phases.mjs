/*
 * Wall time per phase of the install test, printed as each ends and as a
 * table at the end. Phases may overlap (publishing runs beside the fresh
 * app's first install), so the durations need not add up to the total.
 */
const started = Date.now();
const done = [];

const seconds = ms => Math.round(ms / 1000);

/** Seconds since the test started, for log lines. */
export const elapsed = () => `${seconds(Date.now() - started)} s`;

/** Runs `fn` as the phase `name`; records its duration even when it fails. */
export async function phase(name, fn) {
  const start = Date.now();
  try {
    return await fn();
  } finally {
    const took = seconds(Date.now() - start);
    done.push({ name, from: seconds(start - started), took });
    console.log(`  [${elapsed()}] ${name}: ${took} s`);
  }
}

export function phaseTable() {
  const width = Math.max(...done.map(p => p.name.length), 5);
  return [
    `${'phase'.padEnd(width)}  start  seconds`,
    ...done.map(
      p =>
        `${p.name.padEnd(width)}  ${String(p.from).padStart(5)}  ${String(
          p.took,
        ).padStart(7)}`,
    ),
    `${'total'.padEnd(width)}         ${String(
      seconds(Date.now() - started),
    ).padStart(7)}`,
  ].join('\n');
}
