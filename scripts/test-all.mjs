#!/usr/bin/env node
/*
 * `yarn test`: every test of the repository, in order, failing fast:
 * type-check, generated API contract up to date, lint, unit and integration tests (jest), build-and-pack smoke of
 * every plugin, the benchmark smoke run (100 Stages; counts, not times), and the browser tests (Playwright +
 * Debian's Chromium), then the six plugins published to a local Verdaccio and
 * checked as the registry serves them, and a fresh create-app app that installs
 * them from that registry by following docs/install.md (scripts/install-fresh-app.mjs).
 * Debian's chromium and redis-server are installed when missing.
 * `yarn test unit` (or any stage names) runs a subset.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.KARGO_CHROMIUM ?? '/usr/bin/chromium';

function sh(cmd, args, env = {}) {
  const res = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return res.status === 0;
}

const REDIS_SERVER = process.env.KARGO_REDIS_SERVER ?? '/usr/bin/redis-server';

/** Installs a Debian package when `binary` is missing (needs root, like CI). */
function ensureDebianPackage(binary, pkg) {
  if (existsSync(binary)) return true;
  console.log(`==> ${binary} is missing: installing Debian's ${pkg} package`);
  if (process.getuid?.() !== 0) {
    console.error(
      `Installing ${pkg} needs root: run \`apt-get install -y ${pkg}\` first.`,
    );
    return false;
  }
  return (
    sh('apt-get', ['update', '-qq']) &&
    sh('apt-get', ['install', '-y', '-qq', pkg], {
      DEBIAN_FRONTEND: 'noninteractive',
    })
  );
}

const stages = {
  tsc: () => sh('yarn', ['tsc']),
  // The generated API types and router match src/schema/openapi.yaml, the
  // Kargo API client's types match Kargo's swagger (kargo-node), and
  // each published package's report.api.md matches its exports (api-extractor
  // over the declarations the tsc stage wrote to dist-types/).
  contract: () =>
    sh('yarn', [
      'workspace',
      '@kargo-backstage/plugin-kargo-backend',
      'generate',
      '--check',
    ]) &&
    sh('yarn', [
      'workspace',
      '@kargo-backstage/plugin-kargo-node',
      'generate',
      '--check',
    ]) &&
    sh('yarn', ['api-reports', '--ci']),
  lint: () => sh('yarn', ['lint']),
  // The replica tests start a real redis-server (and the machine's PostgreSQL).
  unit: () =>
    ensureDebianPackage(REDIS_SERVER, 'redis-server') &&
    sh('yarn', ['test:unit'], { CI: 'true', KARGO_REDIS_SERVER: REDIS_SERVER }),
  pack: () => sh('yarn', ['test:pack']),
  bench: () => sh('yarn', ['bench:smoke']),
  e2e: () =>
    ensureDebianPackage(CHROMIUM, 'chromium') && sh('yarn', ['test:e2e']),
  publish: () => sh('yarn', ['test:publish']),
  install: () =>
    ensureDebianPackage(CHROMIUM, 'chromium') && sh('yarn', ['test:install']),
};

const wanted = process.argv.slice(2).length
  ? process.argv.slice(2)
  : Object.keys(stages);
let passed = 0;
let failed = 0;
for (const name of wanted) {
  const stage = stages[name];
  if (!stage) {
    console.error(
      `Unknown stage "${name}"; stages: ${Object.keys(stages).join(', ')}`,
    );
    process.exit(2);
  }
  const started = Date.now();
  console.log(`\n==> ${name}`);
  const ok = stage();
  console.log(
    `==> ${name}: ${ok ? 'passed' : 'FAILED'} in ${Math.round(
      (Date.now() - started) / 1000,
    )} s`,
  );
  if (ok) passed++;
  else {
    failed++;
    break;
  }
}
console.log(`\nstages: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
