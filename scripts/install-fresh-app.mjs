#!/usr/bin/env node
/*
 * `yarn test:install`: a new user's install, end to end. Starts Verdaccio on
 * a random local port and publishes the six plugins to it as a release does;
 * meanwhile follows docs/install.md literally in an empty directory: the
 * steps it runs are the guide's own blocks (scripts/install-test/guide.mjs),
 * from `npx @backstage/create-app` on, and the first step that installs one
 * of our packages waits for the publishing. The app gets @kargo-backstage/*
 * from Verdaccio (npmScopes in a .yarnrc.yml above the app, as an
 * organisation's registry is configured) and everything else from npmjs.
 * Then it checks the fresh app: one @backstage/frontend-plugin-api,
 * `yarn dedupe --check`, no peer warning about our packages, `yarn tsc`
 * (while the sandbox and the app start with `yarn start` on free ports), and
 * runs test/install/fresh-app.test.ts in Chromium, which also takes
 * docs/images/fresh-app-kargo-tab.png. Prints the time of every phase.
 * Set KARGO_KEEP_FRESH_APP=1 to keep the app's directory after a pass.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { dependencyProblems } from './install-test/dependencies.mjs';
import { installSteps } from './install-test/guide.mjs';
import {
  insertBefore,
  mergeJsonFile,
  mergeYamlFile,
} from './install-test/merge.mjs';
import { elapsed, phase, phaseTable } from './install-test/phases.mjs';
import { run, stopDaemons } from './install-test/processes.mjs';
import { publishAll } from './install-test/publish.mjs';
import { startRegistry } from './install-test/registry.mjs';
import { startApp } from './install-test/start-app.mjs';

const root = new URL('..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'kargo-fresh-app-'));
const log = line => console.log(`  [${elapsed()}] ${line}`);

/** Where the repository's yarn keeps its global package cache. */
async function yarnGlobalFolder() {
  const { out } = await run('yarn', ['config', 'get', 'globalFolder'], {
    cwd: root,
  });
  return out.trim().split('\n').pop();
}

/**
 * The environment of the guide's commands. The app's yarn gets its own
 * global folder (yarn keys its metadata cache by host name, so a cache shared
 * across runs would keep the tarball URLs of an earlier run's registry port)
 * whose package cache is the repository's: packages the app shares with this
 * repository are not downloaded twice, yet every version is resolved against
 * the registries. Yarn reads the .yarnrc.yml of every parent directory: the
 * one in `work` points the @kargo-backstage scope at Verdaccio.
 */
async function guideEnvironment(registry) {
  const globalFolder = join(work, 'yarn-global');
  mkdirSync(globalFolder);
  const cache = join(await yarnGlobalFolder(), 'cache');
  // Our packages are built anew for every run under the same version: a
  // cached archive of an earlier run (yarn finds it by name and version)
  // would install that run's code instead of this one's.
  for (const file of existsSync(cache) ? readdirSync(cache) : []) {
    if (file.startsWith('@kargo-backstage-')) rmSync(join(cache, file));
  }
  symlinkSync(cache, join(globalFolder, 'cache'));
  writeFileSync(
    join(work, '.yarnrc.yml'),
    YAML.stringify({
      npmScopes: { 'kargo-backstage': { npmRegistryServer: registry.url } },
      unsafeHttpWhitelist: ['127.0.0.1'],
    }),
  );
  return {
    YARN_GLOBAL_FOLDER: globalFolder,
    BACKSTAGE_APP_NAME: 'backstage',
    // A user's new app writes its first lockfile; under CI=true yarn would
    // refuse to (immutable installs are its CI default).
    YARN_ENABLE_IMMUTABLE_INSTALLS: 'false',
  };
}

/** Runs one `run` block of the guide in `cwd`; resolves to its output and the directory it ends in. */
async function runBlock(body, cwd, env) {
  const cwdFile = join(work, '.cwd');
  const script = `set -euo pipefail\n${body}\npwd > '${cwdFile}'\n`;
  const { out } = await run('bash', ['-c', script], { cwd, env });
  // yarn's own step timings (resolution, fetch, link), for the log.
  for (const line of out.split('\n')) {
    if (/Completed in|Done with warnings in|Done in/.test(line))
      console.log(`    ${line.trim()}`);
  }
  return { out, cwd: readFileSync(cwdFile, 'utf8').trim() };
}

/**
 * Runs the guide's steps; `published` settles when our packages are on the
 * registry. Returns the app's directory and the output of its commands.
 */
async function followGuide(env, published) {
  const guide = readFileSync(join(root, 'docs/install.md'), 'utf8');
  let cwd = work;
  let output = '';
  let publishedSeen = false;
  for (const step of installSteps(guide)) {
    const file = step.file && join(cwd, step.file.split('#')[0]);
    const title = `${step.action} ${step.file ?? step.body.split('\n')[0]}`;
    if (step.action === 'run') {
      if (!publishedSeen && step.body.includes('@kargo-backstage/')) {
        await phase('publish (wait)', () => published);
        publishedSeen = true;
      }
      const ran = await phase(title, () => runBlock(step.body, cwd, env));
      output += ran.out;
      cwd = ran.cwd;
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

/** The checks that need no running app; resolves to the problems found. */
async function checkApp(app, output, env) {
  const problems = await phase('dependency checks', () =>
    dependencyProblems(app, output, env),
  );
  await phase('yarn tsc (fresh app)', () =>
    run('yarn', ['tsc'], { cwd: app, env }),
  );
  return problems;
}

let ok = false;
let registry;
let publishing = Promise.resolve();
try {
  registry = await phase('Verdaccio start', () => startRegistry(root));
  log(`Verdaccio at ${registry.url} (the @kargo-backstage scope)`);
  publishing = phase('publish (tsc, build, yarn npm publish)', () =>
    publishAll(root, registry),
  );
  // A failed publish is reported where the guide waits for it.
  publishing.catch(() => {});
  const env = await guideEnvironment(registry);
  const { app, output } = await followGuide(env, publishing);
  // The type check and the dependency checks run while the app starts.
  const [problems, { appUrl }] = await Promise.all([
    checkApp(app, output, env),
    phase('sandbox + yarn start (backend, frontend)', () =>
      startApp(root, app, env, log),
    ),
  ]);
  const browser = await phase('browser tests (Chromium)', () =>
    run(
      'yarn',
      ['playwright', 'test', '--config', 'test/install/playwright.config.ts'],
      { cwd: root, env: { FRESH_APP_URL: appUrl }, allowFail: true },
    ),
  );
  console.log(browser.out);
  if (browser.code !== 0)
    problems.push('the browser test of the fresh app failed');
  for (const p of problems) console.error(`✗ ${p}`);
  ok = problems.length === 0;
} catch (e) {
  console.error(e.message);
} finally {
  stopDaemons();
  // prepack rewrites the plugins' package.json until postpack: never leave mid-publish.
  await Promise.allSettled([publishing]);
  await registry?.stop();
}
if (ok && !process.env.KARGO_KEEP_FRESH_APP)
  rmSync(work, { recursive: true, force: true });
else console.log(`fresh app kept in ${work}`);
console.log(`\n${phaseTable()}`);
console.log(`install: ${ok ? 'ok' : 'FAILED'} in ${elapsed()}`);
process.exit(ok ? 0 : 1);
