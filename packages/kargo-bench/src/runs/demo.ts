/**
 * The demo portal (scripts/start-demo.mjs, without its own sandbox, on free
 * ports) pointed at the bench's sandbox, and Debian's Chromium to look at
 * it: shared by `--live`'s on-screen step and `--render`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { resolvePackagePath } from '@backstage/backend-plugin-api';
import { KARGO_PROJECT_ANNOTATION } from '@kargo-backstage/plugin-kargo-common';
import { benchConfig } from './backend';

const ROOT = resolvePackagePath('@kargo-backstage/kargo-bench', '../..');
export const ENTITY = 'bench-live';
export const CHROMIUM = process.env.KARGO_CHROMIUM ?? '/usr/bin/chromium';

export const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status < 500;
  } catch {
    return false;
  }
}

/** A port free now (the demo's own, 3000 and 7007, may be in use by a running demo). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface Demo {
  child: ChildProcess;
  appUrl: string;
}

/** The demo on the bench's sandbox, on free ports; its output goes to a log file. */
export async function startDemo(
  sandboxUrl: string,
  project: string,
  dir: string,
  log: (l: string) => void,
): Promise<Demo> {
  const [appPort, backendPort] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${appPort}`;
  const backendUrl = `http://127.0.0.1:${backendPort}`;
  const entityFile = path.join(dir, 'bench-entity.yaml');
  // JSON is YAML.
  fs.writeFileSync(
    entityFile,
    JSON.stringify({
      apiVersion: 'backstage.io/v1alpha1',
      kind: 'Component',
      metadata: {
        name: ENTITY,
        annotations: { [KARGO_PROJECT_ANNOTATION]: project },
      },
      spec: {
        type: 'service',
        lifecycle: 'production',
        owner: 'group:default/guests',
      },
    }),
  );
  const out = fs.openSync(path.join(dir, 'demo.log'), 'w');
  const child = spawn('node', ['scripts/start-demo.mjs'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      KARGO_SANDBOX: 'off',
      APP_CONFIG_app_baseUrl: JSON.stringify(appUrl),
      APP_CONFIG_backend_baseUrl: JSON.stringify(backendUrl),
      APP_CONFIG_backend_listen_port: JSON.stringify(backendPort),
      APP_CONFIG_backend_cors_origin: JSON.stringify(appUrl),
      APP_CONFIG_integrations: JSON.stringify(
        benchConfig(sandboxUrl).integrations,
      ),
      APP_CONFIG_kargo_instances: JSON.stringify([
        {
          name: 'sandbox',
          url: sandboxUrl,
          serviceAccountToken: 'sandbox-readonly-token',
        },
      ]),
      // The plugin's defaults, not the demo's (PRs every 5 s, notifications on).
      APP_CONFIG_kargo_refresh: JSON.stringify({ frequency: { seconds: 30 } }),
      APP_CONFIG_kargo_notifications: JSON.stringify({ enabled: false }),
      APP_CONFIG_catalog_locations: JSON.stringify([
        { type: 'file', target: entityFile },
        {
          type: 'file',
          target: path.join(ROOT, 'examples/org.yaml'),
          rules: [{ allow: ['User', 'Group'] }],
        },
      ]),
    },
  });
  log(
    `demo (pid ${
      child.pid
    }) starting on the fleet at ${appUrl}; its log: ${path.join(
      dir,
      'demo.log',
    )}`,
  );
  const deadline = Date.now() + 600_000;
  while (
    !(await answers(appUrl)) ||
    !(await answers(`${backendUrl}/api/kargo/health`))
  ) {
    if (child.exitCode !== null)
      throw new Error(`the demo exited with ${child.exitCode}`);
    if (Date.now() > deadline)
      throw new Error('the demo did not answer within 10 minutes');
    await sleep(1000);
  }
  return { child, appUrl };
}

export async function stopDemo({ child }: Demo) {
  if (!child.pid) return;
  if (child.exitCode === null) {
    const exited = new Promise(resolve => child.once('exit', resolve));
    child.kill('SIGTERM'); // start-demo.mjs stops its children
    await Promise.race([exited, sleep(10_000)]);
  }
  // start-demo.mjs exits 3 s after asking its children to stop, and yarn does
  // not always pass that on: the backend was seen running on after the bench.
  // Whatever is left of the demo's process group goes now.
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // ESRCH: nothing left
  }
}

/** Debian's Chromium, headless (never a downloaded browser). */
export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
}
