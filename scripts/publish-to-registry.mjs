#!/usr/bin/env node
/*
 * `yarn test:publish`: starts Verdaccio on a random local port, publishes the
 * six plugins to it as a release does (build, `yarn npm publish` with its
 * prepack), and checks what the registry then serves: every version present,
 * no workspace: ranges, our own dependencies satisfiable from the registry,
 * license/repository set, and the tarballs holding the entry points, types
 * and config schema their manifests name.
 * Do not run it next to a running demo: prepack rewrites each plugin's
 * package.json (entry points to dist/) until postpack restores it.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startRegistry } from './install-test/registry.mjs';
import { publishAll, publishablePackages } from './install-test/publish.mjs';
import { manifestProblems, tarballProblems } from './install-test/checks.mjs';

const root = new URL('..', import.meta.url).pathname;
const started = Date.now();
const registry = await startRegistry(root);
console.log(`registry: Verdaccio at ${registry.url}`);
const problems = [];
try {
  await publishAll(root, registry);
  const pkgs = publishablePackages(root);
  const published = new Map(pkgs.map(({ pkg }) => [pkg.name, pkg.version]));
  const out = mkdtempSync(join(tmpdir(), 'kargo-published-'));
  for (const { pkg } of pkgs) {
    const packument = await (
      await fetch(`${registry.url}/${pkg.name.replace('/', '%2f')}`)
    ).json();
    problems.push(
      ...manifestProblems(pkg.name, pkg.version, packument, published),
    );
    const manifest = packument.versions?.[pkg.version];
    if (!manifest) continue;
    const tgz = join(out, `${pkg.name.split('/')[1]}.tgz`);
    writeFileSync(
      tgz,
      Buffer.from(await (await fetch(manifest.dist.tarball)).arrayBuffer()),
    );
    const files = execFileSync('tar', ['-tzf', tgz], {
      encoding: 'utf8',
    }).split('\n');
    problems.push(...tarballProblems(pkg.name, manifest, files));
  }
} finally {
  await registry.stop();
}
for (const p of problems) console.error(`✗ ${p}`);
console.log(
  `publish: ${problems.length ? 'FAILED' : 'ok'} in ${Math.round(
    (Date.now() - started) / 1000,
  )} s`,
);
process.exit(problems.length ? 1 : 0);
