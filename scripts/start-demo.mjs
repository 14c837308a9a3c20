#!/usr/bin/env node
/*
 * `yarn start`: the Kargo sandbox (Kubernetes + GitHub + GitLab APIs on
 * 127.0.0.1:7008, demo scenarios), then the Backstage backend (:7007) and
 * frontend (:3000). Ctrl-C or SIGTERM stops all three.
 *
 * Set KARGO_SANDBOX=off to point the demo at your own cluster instead (see
 * docs/configuration.md), or KARGO_SANDBOX_FIXTURES=DIR for other scenarios.
 */
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const SANDBOX_PORT = process.env.KARGO_SANDBOX_PORT ?? '7008';
const children = [];

function run(name, cmd, args) {
  const child = spawn(cmd, args, { stdio: 'inherit', env: process.env });
  child.on('exit', code => {
    if (!stopping) {
      console.error(`[start] ${name} exited with code ${code}; stopping the demo`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

let stopping = false;
function stop(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 3000).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

if (process.env.KARGO_SANDBOX !== 'off') {
  // --demo-tokens: the Kubernetes API asks for a token, so the portal's
  // reader token (app-config.yaml) may only get, list and watch, as docs/rbac.md
  // asks of a production reader; writes go through Kargo's API.
  const args = ['sandbox', '--port', SANDBOX_PORT, '--demo-tokens'];
  if (process.env.KARGO_SANDBOX_FIXTURES) {
    args.push('--fixtures', process.env.KARGO_SANDBOX_FIXTURES);
  }
  run('sandbox', 'yarn', args);
  await waitFor(`http://127.0.0.1:${SANDBOX_PORT}/version`, 60_000);
}
run('backstage', 'yarn', ['start:backstage']);
