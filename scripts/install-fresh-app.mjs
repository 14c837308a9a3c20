#!/usr/bin/env node
/*
 * `yarn test:install`: a new user's install, end to end. Starts Verdaccio (a
 * proxy of npmjs) on a random local port, publishes the six plugins to it as a
 * release does, then follows docs/install.md literally in an empty directory:
 * the steps it runs are the guide's own blocks (scripts/install-test/guide.mjs),
 * from `npx @backstage/create-app` on. Then it checks the fresh app: one
 * @backstage/frontend-plugin-api, `yarn dedupe --check`, no peer warning about
 * our packages, `yarn tsc`; starts the Kargo sandbox and the app (`yarn start`,
 * on free ports) and runs test/install/fresh-app.test.ts in Chromium, which
 * also takes docs/images/fresh-app-kargo-tab.png.
 * Set KARGO_KEEP_FRESH_APP=1 to keep the app's directory after a pass.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import YAML from 'yaml';
import { installSteps } from './install-test/guide.mjs';
import {
  insertBefore,
  mergeJsonFile,
  mergeYamlFile,
} from './install-test/merge.mjs';
import { publishAll } from './install-test/publish.mjs';
import { startRegistry } from './install-test/registry.mjs';

const root = new URL('..', import.meta.url).pathname;
const started = Date.now();
const elapsed = () => `${Math.round((Date.now() - started) / 1000)} s`;
const work = mkdtempSync(join(tmpdir(), 'kargo-fresh-app-'));
const children = [];

/** Runs a command; resolves to its output, rejects with its tail on failure. */
function run(cmd, args, { cwd, env, allowFail = false } = {}) {
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

/** A long-running process in its own group, stopped at the end. */
function startDaemon(cmd, args, { cwd, env }) {
  const child = spawn(cmd, args, {
    cwd,
    env: { ...process.env, ...env },
    detached: true,
  });
  child.output = '';
  child.stdout.on('data', d => (child.output += d));
  child.stderr.on('data', d => (child.output += d));
  children.push(child);
  return child;
}

async function waitFor(url, child, timeoutMs) {
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

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/** Runs the guide's steps; returns the app's directory and the output of its commands. */
async function followGuide(env) {
  const guide = readFileSync(join(root, 'docs/install.md'), 'utf8');
  let cwd = work;
  let output = '';
  for (const step of installSteps(guide)) {
    const file = step.file && join(cwd, step.file.split('#')[0]);
    console.log(
      `  [${elapsed()}] ${step.action} ${
        step.file ?? step.body.split('\n')[0]
      }`,
    );
    if (step.action === 'run') {
      const cwdFile = join(work, '.cwd');
      const script = `set -euo pipefail\n${step.body}\npwd > '${cwdFile}'\n`;
      const { out } = await run('bash', ['-c', script], { cwd, env });
      output += out;
      // yarn's own step timings (resolution, fetch, link), for the log.
      for (const line of out.split('\n')) {
        if (/Completed in|Done with warnings in|Done in/.test(line))
          console.log(`    ${line.trim()}`);
      }
      cwd = readFileSync(cwdFile, 'utf8').trim();
    } else if (step.action === 'merge-yaml') {
      mergeYamlFile(file, step.body, step.file.split('#')[1]);
    } else if (step.action === 'merge-json') {
      mergeJsonFile(file, step.body);
    } else if (step.action === 'insert-before') {
      insertBefore(file, step.text, step.body);
    } else {
      throw new Error(`docs/install.md: unknown install-step "${step.action}"`);
    }
  }
  return { app: cwd, output };
}

/** What a user of the fresh app would notice about its dependencies. */
async function dependencyProblems(app, installOutput) {
  const problems = [];
  const why = (
    await run('yarn', ['why', '@backstage/frontend-plugin-api'], { cwd: app })
  ).out;
  const versions = new Set(
    [...why.matchAll(/@backstage\/frontend-plugin-api@npm:(\S+?)[\s)]/g)].map(
      m => m[1],
    ),
  );
  if (versions.size !== 1)
    problems.push(
      `@backstage/frontend-plugin-api in ${versions.size} versions: ${[
        ...versions,
      ]}`,
    );
  const dedupe = await run('yarn', ['dedupe', '--check'], {
    cwd: app,
    allowFail: true,
  });
  if (dedupe.code !== 0) problems.push(`yarn dedupe --check:\n${dedupe.out}`);
  const peers = (
    await run('yarn', ['explain', 'peer-requirements'], { cwd: app })
  ).out;
  const ours = [
    ...installOutput.split('\n').filter(l => /YN00(02|60)/.test(l)),
    ...peers.split('\n').filter(l => l.includes('✘')),
  ].filter(l => l.includes('@kargo-backstage/'));
  problems.push(...ours.map(l => `peer warning: ${l.trim()}`));
  return problems;
}

async function startApp(app) {
  const sandbox = startDaemon(
    'node',
    ['packages/kargo-sandbox/bin/kargo-sandbox', '--port', '0'],
    {
      cwd: root,
    },
  );
  while (!/Kubernetes API: (\S+)/.test(sandbox.output)) {
    if (sandbox.exitCode !== null)
      throw new Error(`sandbox stopped:\n${sandbox.output}`);
    await sleep(200);
  }
  const sandboxUrl = sandbox.output.match(/Kubernetes API: (\S+)/)[1];
  const [appPort, backendPort] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${appPort}`;
  const backendUrl = `http://127.0.0.1:${backendPort}`;
  // What the test changes besides the guide: ports, and the guide's
  // `production` instance and Git providers pointed at the sandbox.
  const local = {
    app: { baseUrl: appUrl },
    backend: {
      baseUrl: backendUrl,
      listen: { port: backendPort },
      cors: { origin: appUrl },
    },
    kargo: {
      instances: [
        {
          name: 'production',
          url: sandboxUrl,
          serviceAccountToken: 'sandbox-admin-token',
          kargoUrl: `${sandboxUrl}/kargo`,
        },
      ],
      refresh: { frequency: { seconds: 5 } },
    },
    integrations: {
      github: [
        {
          host: 'github.com',
          apiBaseUrl: `${sandboxUrl}/github/api/v3`,
          token: 'sandbox-github-token',
        },
      ],
      gitlab: [
        {
          host: 'gitlab.example.com',
          baseUrl: `${sandboxUrl}/gitlab`,
          apiBaseUrl: `${sandboxUrl}/gitlab/api/v4`,
          token: 'sandbox-gitlab-token',
        },
      ],
    },
  };
  writeFileSync(join(app, 'app-config.local.yaml'), YAML.stringify(local));
  const backstage = startDaemon('yarn', ['start'], {
    cwd: app,
    env: { BROWSER: 'none' },
  });
  await waitFor(
    `${backendUrl}/.backstage/health/v1/readiness`,
    backstage,
    300_000,
  );
  console.log(`  [${elapsed()}] backend up at ${backendUrl}`);
  await waitFor(appUrl, backstage, 300_000);
  console.log(`  [${elapsed()}] frontend up at ${appUrl}`);
  return { appUrl, backstage };
}

/** Where the repository's yarn keeps its global package cache. */
async function yarnGlobalFolder() {
  const { out } = await run('yarn', ['config', 'get', 'globalFolder'], { cwd: root });
  return out.trim().split('\n').pop();
}

let ok = false;
let registry;
try {
  registry = await startRegistry(root, { uplink: true });
  console.log(`  [${elapsed()}] Verdaccio at ${registry.url} (proxy of npmjs)`);
  await publishAll(root, registry);
  // The registry a release of the plugins would be on; yarn's global cache
  // (filled by this repository's own install) stays in use.
  const env = {
    // The packages as this run's registry serves them: yarn's metadata cache
    // (which keeps tarball URLs with an earlier run's registry port) is this
    // run's own, while the package cache of the repository's install is reused.
    YARN_GLOBAL_FOLDER: join(work, 'yarn-global'),
    YARN_ENABLE_GLOBAL_CACHE: 'false',
    YARN_CACHE_FOLDER: join(await yarnGlobalFolder(), 'cache'),
    npm_config_registry: registry.url,
    YARN_NPM_REGISTRY_SERVER: registry.url,
    YARN_UNSAFE_HTTP_WHITELIST: '127.0.0.1',
    BACKSTAGE_APP_NAME: 'backstage',
  };
  const { app, output } = await followGuide(env);
  const problems = await dependencyProblems(app, output);
  console.log(`  [${elapsed()}] dependencies checked`);
  await run('yarn', ['tsc'], { cwd: app });
  console.log(`  [${elapsed()}] yarn tsc passed`);
  const { appUrl } = await startApp(app);
  const browser = await run(
    'yarn',
    ['playwright', 'test', '--config', 'test/install/playwright.config.ts'],
    { cwd: root, env: { FRESH_APP_URL: appUrl }, allowFail: true },
  );
  console.log(browser.out);
  if (browser.code !== 0)
    problems.push('the browser test of the fresh app failed');
  for (const p of problems) console.error(`✗ ${p}`);
  ok = problems.length === 0;
} catch (e) {
  console.error(e.message);
} finally {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  await registry?.stop();
}
if (ok && !process.env.KARGO_KEEP_FRESH_APP)
  rmSync(work, { recursive: true, force: true });
else console.log(`fresh app kept in ${work}`);
console.log(`install: ${ok ? 'ok' : 'FAILED'} in ${elapsed()}`);
process.exit(ok ? 0 : 1);
