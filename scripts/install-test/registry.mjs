/*
 * A real npm registry for the publish and install tests: Verdaccio 6 on a
 * random local port, holding the @kargo-backstage scope (a fresh app gets
 * everything else from npmjs, as a user's does). Verdaccio is installed on
 * first use into node_modules/.cache, so it is not a dependency of the
 * repository.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const VERDACCIO = '6.10.4';

function verdaccioModule(root) {
  const dir = join(root, 'node_modules', '.cache', `verdaccio-${VERDACCIO}`);
  if (!existsSync(join(dir, 'node_modules', 'verdaccio'))) {
    mkdirSync(dir, { recursive: true });
    const res = spawnSync(
      'npm',
      [
        'install',
        '--silent',
        '--no-audit',
        '--no-fund',
        '--prefix',
        dir,
        `verdaccio@${VERDACCIO}`,
      ],
      { stdio: 'inherit' },
    );
    if (res.status !== 0) throw new Error('npm install verdaccio failed');
  }
  return createRequire(join(dir, 'package.json'))('verdaccio');
}

/** Starts the registry; resolves to its URL, a publish token and stop(). */
export async function startRegistry(root) {
  const { runServer } = verdaccioModule(root);
  const storage = mkdtempSync(join(tmpdir(), 'kargo-registry-'));
  const app = await runServer({
    self_path: storage,
    storage: join(storage, 'storage'),
    auth: { htpasswd: { file: join(storage, 'htpasswd'), max_users: 10 } },
    uplinks: {},
    packages: {
      '@kargo-backstage/*': { access: '$all', publish: '$authenticated' },
      '**': { access: '$all' },
    },
    log: { type: 'stdout', format: 'pretty', level: 'warn' },
  });
  const server = await new Promise((resolve, reject) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s)).on('error', reject);
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  // The registry's own sign-up, as `npm adduser` does it.
  const res = await fetch(`${url}/-/user/org.couchdb.user:release`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'release', password: 'release-password' }),
  });
  if (!res.ok)
    throw new Error(`registry sign-up: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  return {
    url,
    token,
    storage,
    stop: () => new Promise(resolve => server.close(() => resolve())),
  };
}
