/*
 * Starts the Kargo sandbox and the fresh app (`yarn start`: backend and
 * frontend dev server) on free ports, with the guide's `production` instance
 * and Git providers pointed at the sandbox through app-config.local.yaml.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import YAML from 'yaml';
import { freePort, startDaemon, waitFor } from './processes.mjs';

async function startSandbox(root) {
  const sandbox = startDaemon(
    'node',
    ['packages/kargo-sandbox/bin/kargo-sandbox', '--port', '0'],
    { cwd: root },
  );
  while (!/Kubernetes API: (\S+)/.test(sandbox.output)) {
    if (sandbox.exitCode !== null)
      throw new Error(`sandbox stopped:\n${sandbox.output}`);
    await sleep(200);
  }
  return sandbox.output.match(/Kubernetes API: (\S+)/)[1];
}

/** What the test changes besides the guide: ports and where Kargo and Git are. */
function localConfig({ appUrl, backendUrl, backendPort, sandboxUrl }) {
  return {
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
}

/** Resolves once both the backend and the frontend answer. */
export async function startApp(root, app, env, log) {
  const sandboxUrl = await startSandbox(root);
  const [appPort, backendPort] = [await freePort(), await freePort()];
  const appUrl = `http://127.0.0.1:${appPort}`;
  const backendUrl = `http://127.0.0.1:${backendPort}`;
  writeFileSync(
    join(app, 'app-config.local.yaml'),
    YAML.stringify(
      localConfig({ appUrl, backendUrl, backendPort, sandboxUrl }),
    ),
  );
  const backstage = startDaemon('yarn', ['start'], {
    cwd: app,
    env: { ...env, BROWSER: 'none' },
  });
  await waitFor(
    `${backendUrl}/.backstage/health/v1/readiness`,
    backstage,
    300_000,
  );
  log(`backend up at ${backendUrl}`);
  await waitFor(appUrl, backstage, 300_000);
  log(`frontend up at ${appUrl}`);
  return { appUrl };
}
