/**
 * `--profile DIR`: a CPU profile of exactly the first full refresh (the
 * inspector's Profiler, in-process), for Chrome DevTools or speedscope.
 * `node --cpu-prof` would profile the whole run, module loading included.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

export async function profiled<T>(dir: string | undefined, name: string, fn: () => Promise<T>): Promise<T> {
  if (!dir) return fn();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 500 });
  await session.post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `${name}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
    process.stderr.write(`[bench] CPU profile of the ${name} written to ${file}\n`);
    session.disconnect();
  }
}
