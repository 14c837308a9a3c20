/**
 * A kubeconfig user with a `tokenFile` (a projected, rotating service account
 * token), against the sandbox's HTTPS listener.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  READ_VERBS,
  sandboxKubeconfig,
  startSandbox,
  type Sandbox,
  type TokenPolicy,
} from '@kargo-backstage/kargo-sandbox';
import { parse, stringify } from 'yaml';
import { client, fakeTheDateOnly, instance } from './__testUtils__/clients';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

describe('a kubeconfig user with a tokenFile', () => {
  const tokens: TokenPolicy = {
    'first-token': READ_VERBS,
    'next-token': READ_VERBS,
  };
  let sandbox: Sandbox;
  let dir: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ https: true, tokens, controller: false });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'token-file-'));
  });
  afterAll(async () => {
    jest.useRealTimers();
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('reads the token from the file, relative to the kubeconfig, and re-reads it once rotated', async () => {
    const kubeconfig = parse(sandboxKubeconfig(sandbox));
    kubeconfig.users[0].user = { tokenFile: 'token' };
    const file = path.join(dir, 'kubeconfig');
    fs.writeFileSync(file, stringify(kubeconfig));
    fs.writeFileSync(path.join(dir, 'token'), 'first-token');
    fakeTheDateOnly();

    const c = client(
      instance({ authProvider: 'kubeconfig', kubeconfig: { path: file } }),
    );
    expect(await c.listProjects()).toEqual(['checkout', 'payments']);

    // The token is rotated; the old one stops working.
    fs.writeFileSync(path.join(dir, 'token'), 'next-token');
    delete tokens['first-token'];
    // Re-read once a minute, as client-go does.
    jest.setSystemTime(Date.now() + 61_000);
    expect(await c.listProjects()).toEqual(['checkout', 'payments']);
  });
});
