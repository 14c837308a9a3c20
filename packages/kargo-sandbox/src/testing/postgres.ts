import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** A throw-away PostgreSQL server started from the machine's binaries. */
export interface TestPostgres {
  host: string;
  port: number;
  user: string;
  stop(): Promise<void>;
}

/** The directory holding initdb and pg_ctl, or a clear error. */
function findBinDir(): string {
  const candidates = ['/usr/local/bin', '/usr/bin'];
  const versioned = '/usr/lib/postgresql';
  if (fs.existsSync(versioned)) {
    for (const v of fs.readdirSync(versioned).sort().reverse())
      candidates.push(path.join(versioned, v, 'bin'));
  }
  const found = candidates.find(
    dir =>
      fs.existsSync(path.join(dir, 'initdb')) &&
      fs.existsSync(path.join(dir, 'pg_ctl')),
  );
  if (!found) {
    throw new Error(
      `PostgreSQL binaries (initdb, pg_ctl, postgres) were not found in ${candidates.join(
        ', ',
      )}. ` +
        'This test needs the machine image PostgreSQL (see docs machine-setup §PostgreSQL); ' +
        'install it with `apt-get install -y postgresql`.',
    );
  }
  return found;
}

/** A port free on loopback right now (for servers that cannot bind port 0). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * PostgreSQL refuses to run as root, and tests run as root on CI machines:
 * then every command runs as the `postgres` user through `su`.
 */
function runAsPostgres(binDir: string, args: string[]) {
  const command = [path.join(binDir, args[0]), ...args.slice(1)];
  if (process.getuid?.() !== 0) {
    return execFileSync(command[0], command.slice(1), { stdio: 'pipe' });
  }
  const quoted = command.map(a => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  return execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', quoted], {
    stdio: 'pipe',
  });
}

function describeFailure(error: unknown): string {
  const e = error as { message?: string; stderr?: Buffer; stdout?: Buffer };
  return [e.message, e.stderr?.toString(), e.stdout?.toString()]
    .filter(Boolean)
    .join('\n');
}

/** initdb in a temporary directory, then pg_ctl start on a free loopback port. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const binDir = findBinDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kargo-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) {
    const uid = Number(
      execFileSync('id', ['-u', 'postgres']).toString().trim(),
    );
    const gid = Number(
      execFileSync('id', ['-g', 'postgres']).toString().trim(),
    );
    fs.chownSync(dir, uid, gid);
  }
  const port = await freePort();
  try {
    runAsPostgres(binDir, [
      'initdb',
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
    ]);
    runAsPostgres(binDir, [
      'pg_ctl',
      '-D',
      data,
      '-l',
      path.join(dir, 'postgres.log'),
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off`,
      '-w',
      'start',
    ]);
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `Could not start PostgreSQL from ${binDir}: ${describeFailure(error)}`,
    );
  }
  return {
    host: '127.0.0.1',
    port,
    user: 'postgres',
    async stop() {
      try {
        runAsPostgres(binDir, [
          'pg_ctl',
          '-D',
          data,
          '-m',
          'immediate',
          '-w',
          'stop',
        ]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
