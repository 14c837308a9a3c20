/**
 * The CLI as a user runs it: `kargo-sandbox --write-ca F --write-kubeconfig G`
 * writes files kubectl (and the plugin) can use against the HTTPS listener.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const BIN = path.resolve(__dirname, '../bin/kargo-sandbox');

jest.setTimeout(60_000);

describe('kargo-sandbox --write-ca --write-kubeconfig', () => {
  let child: ChildProcess;
  let dir: string;
  let banner = '';

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-cli-'));
    child = spawn(
      process.execPath,
      [
        BIN,
        '--port',
        '0',
        '--token',
        'cli-token',
        '--step-delay',
        '20',
        '--write-ca',
        path.join(dir, 'ca.crt'),
        '--write-kubeconfig',
        path.join(dir, 'kubeconfig'),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', chunk => {
        banner += String(chunk);
        if (banner.includes('kubeconfig:')) resolve();
      });
      child.once('exit', code =>
        reject(new Error(`kargo-sandbox exited with ${code}`)),
      );
    });
  });

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise(resolve => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });

  it('serves HTTPS and writes a kubeconfig kubectl uses with its token and CA', async () => {
    expect(banner).toMatch(/\(https: https:\/\/127\.0\.0\.1:\d+\)/);
    const kubeconfig = path.join(dir, 'kubeconfig');
    expect(fs.statSync(kubeconfig).mode & 0o077).toBe(0);
    const { stdout } = await run(
      '/usr/bin/kubectl',
      [
        '--kubeconfig',
        kubeconfig,
        'get',
        'stages',
        '-n',
        'checkout',
        '-o',
        'name',
      ],
      { env: { ...process.env, HOME: dir } },
    );
    expect(stdout.trim().split('\n')).toEqual([
      'stage.kargo.akuity.io/dev',
      'stage.kargo.akuity.io/prod',
      'stage.kargo.akuity.io/staging',
    ]);
  });

  it('writes the CA as PEM, which verifies the HTTPS listener for kubectl', async () => {
    const ca = fs.readFileSync(path.join(dir, 'ca.crt'), 'utf8');
    expect(ca).toMatch(/^-----BEGIN CERTIFICATE-----/);
    const server = /\(https: (https:\/\/[^)]+)\)/.exec(banner)![1];
    const { stdout } = await run(
      '/usr/bin/kubectl',
      [
        '--server',
        server,
        '--certificate-authority',
        path.join(dir, 'ca.crt'),
        '--token',
        'cli-token',
        'get',
        'projects',
        '-o',
        'name',
      ],
      {
        env: { ...process.env, HOME: dir, KUBECONFIG: path.join(dir, 'none') },
      },
    );
    expect(stdout).toContain('project.kargo.akuity.io/checkout');
  });
});
