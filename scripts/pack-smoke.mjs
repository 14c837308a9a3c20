#!/usr/bin/env node
/*
 * Builds every publishable plugin with `backstage-cli package build`, packs it
 * with `yarn pack`, and checks the tarball holds what a user installs: the
 * compiled entry points, the type declarations and the config schema.
 * Needs `yarn tsc` first (declarations are bundled from dist-types).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'kargo-pack-'));
let failures = 0;

for (const dir of readdirSync(join(root, 'plugins'))) {
  const pkgDir = join(root, 'plugins', dir);
  if (!existsSync(join(pkgDir, 'package.json'))) continue;
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  if (pkg.private) continue;
  const tarball = join(out, `${dir}.tgz`);
  const run = (args) =>
    spawnSync('yarn', args, { cwd: pkgDir, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const build = run(['build']);
  if (build.status !== 0) {
    console.error(`✗ ${pkg.name}: build failed\n${build.stdout}${build.stderr}`);
    failures++;
    continue;
  }
  const pack = run(['pack', '--out', tarball]);
  if (pack.status !== 0) {
    console.error(`✗ ${pkg.name}: pack failed\n${pack.stdout}${pack.stderr}`);
    failures++;
    continue;
  }
  const list = spawnSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).stdout.split('\n');
  const expected = ['package/dist/index.cjs.js', 'package/dist/index.d.ts', 'package/package.json'];
  if (pkg.backstage?.role === 'frontend-plugin') expected[0] = 'package/dist/index.esm.js';
  const packed = JSON.parse(
    spawnSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' }).stdout,
  );
  // prepack turns config.d.ts into the JSON schema the packed package.json names.
  if (pkg.configSchema) {
    expected.push(packed.configSchema ? `package/${packed.configSchema}` : 'a configSchema entry');
  }
  const missing = expected.filter(f => !list.includes(f));
  if (!list.includes(`package/${packed.main}`)) missing.push(`its main entry ${packed.main}`);
  if (missing.length) {
    console.error(`✗ ${pkg.name}: tarball lacks ${missing.join(', ')}`);
    failures++;
  } else {
    console.log(`✓ ${pkg.name}: ${list.filter(Boolean).length} files, main=${packed.main}`);
  }
}
console.log(`pack: ${failures ? 'FAILED' : 'ok'} (tarballs in ${out})`);
process.exit(failures ? 1 : 0);
