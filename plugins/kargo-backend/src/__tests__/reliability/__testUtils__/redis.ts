import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@kargo-backstage/kargo-sandbox';

/** A throw-away Redis server started from the machine's binary. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>`, for `backend.cache.connection`. */
  url: string;
  /**
   * Stops the server now. Backstage never closes its cache clients (not even
   * when the backend stops), so a client still connected reports the closed
   * socket as an unhandled error: with replicas that used the cache, leave
   * the server to the end of the test process instead (it stops then).
   */
  stop(): Promise<void>;
}

const CANDIDATES = [
  process.env.KARGO_REDIS_SERVER,
  '/usr/bin/redis-server',
  '/usr/local/bin/redis-server',
  '/usr/bin/valkey-server',
].filter((c): c is string => Boolean(c));

/** redis-server (or valkey-server), or a clear error saying how to get it. */
function findServer(): string {
  const found = CANDIDATES.find(c => fs.existsSync(c));
  if (!found) {
    throw new Error(
      `redis-server was not found (looked at ${CANDIDATES.join(', ')}). ` +
        "This test needs Debian's redis-server package: `yarn test` installs it " +
        '(apt-get install -y redis-server) when it runs as root.',
    );
  }
  return found;
}

/** Resolves once the server answers PING with PONG. */
async function pong(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>(resolve => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(500);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', data => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`Redis on port ${port} did not answer PING`);
    await new Promise(r => setTimeout(r, 50));
  }
}

/** redis-server on a free loopback port, in memory only (no RDB, no AOF). */
export async function startTestRedis(): Promise<TestRedis> {
  const server = findServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kargo-redis-'));
  const port = await freePort();
  // Through a shell that kills the server once its stdin closes: when this
  // process ends, however it ends, the server goes with it.
  const child = spawn(
    'sh',
    [
      '-c',
      '"$0" "$@" & r=$!; cat >/dev/null; kill $r; wait $r',
      server,
      ...[
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  // Neither the server nor its pipes keep this process alive.
  child.unref();
  (child.stdin as unknown as { unref(): void }).unref();
  (child.stderr as unknown as { unref(): void }).unref();
  let stderr = '';
  child.stderr.on('data', d => {
    stderr += d;
  });
  const exited = new Promise<void>(resolve =>
    child.once('exit', () => resolve()),
  );
  try {
    await Promise.race([
      pong(port, Date.now() + 10_000),
      exited.then(() => {
        throw new Error(`${server} exited: ${stderr.trim()}`);
      }),
    ]);
  } catch (error) {
    child.stdin.end();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.stdin.end();
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
