/**
 * kubectl (preinstalled on every machine of the project, CI included) against
 * a started sandbox. kubectl sends bearer tokens over TLS only, so the token
 * checks use the HTTPS listener with the generated CA.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DEMO_TOKENS } from './kube/auth';
import { startSandbox, Sandbox } from './sandbox';

const run = promisify(execFile);
const KUBECTL = '/usr/bin/kubectl';

describe('kubectl against the sandbox', () => {
  let sandbox: Sandbox;
  let tls: Sandbox;
  let caFile: string;
  let home: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ controller: false });
    tls = await startSandbox({
      controller: false,
      https: true,
      tokens: DEMO_TOKENS,
    });
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'kubectl-home-'));
    caFile = path.join(home, 'ca.crt');
    fs.writeFileSync(caFile, Buffer.from(tls.caData!, 'base64'));
  }, 30000);
  afterAll(async () => {
    await sandbox.stop();
    await tls.stop();
  });

  // A private HOME keeps kubectl's discovery cache and kubeconfig out of the way.
  const kubectl = async (
    args: string[],
    server = sandbox.url,
    extra: string[] = [],
  ) => {
    const { stdout } = await run(
      KUBECTL,
      ['--server', server, ...extra, ...args],
      {
        env: {
          ...process.env,
          HOME: home,
          KUBECONFIG: path.join(home, 'none'),
        },
      },
    );
    return stdout;
  };

  it('gets stages across namespaces with the CRD printer columns', async () => {
    const out = await kubectl(['get', 'stages', '-A']);
    const lines = out.trim().split('\n');
    expect(lines[0]).toMatch(
      /^NAMESPACE\s+NAME\s+SHARD\s+CURRENT FREIGHT\s+HEALTH\s+READY\s+STATUS\s+AGE$/,
    );
    expect(
      lines.slice(1).map(l => l.split(/\s+/).slice(0, 2).join('/')),
    ).toEqual([
      'checkout/dev',
      'checkout/prod',
      'checkout/staging',
      'payments/perf',
      'payments/prod',
      'payments/qa',
      'payments/test',
      'payments/uat',
    ]);
    expect(out).toMatch(
      /checkout\s+staging\s+[0-9a-f]{40}\s+Healthy\s+True\s+Stage is ready/,
    );
  }, 30000);

  it('selects AnalysisRuns by stage label', async () => {
    const out = await kubectl([
      'get',
      'analysisruns',
      '-n',
      'payments',
      '-l',
      'kargo.akuity.io/stage=perf',
      '-o',
      'name',
    ]);
    const names = out.trim().split('\n');
    expect(names).toHaveLength(14);
    expect(
      names.every(n =>
        /^analysisrun\.argoproj\.io\/perf\.[0-9a-z]{26}\.[0-9a-f]{40}$/.test(n),
      ),
    ).toBe(true);
  }, 30000);

  it('annotates a stage and prints it as YAML', async () => {
    expect(
      await kubectl([
        'annotate',
        'stage',
        'dev',
        '-n',
        'checkout',
        'example.com/note=hello',
      ]),
    ).toContain('stage.kargo.akuity.io/dev annotated');
    const yaml = await kubectl([
      'get',
      'stage',
      'dev',
      '-n',
      'checkout',
      '-o',
      'yaml',
    ]);
    expect(yaml).toContain('example.com/note: hello');
    expect(yaml).toContain('kind: Stage');
    expect(yaml).toMatch(/resourceVersion: "\d+"/);
  }, 30000);

  it('explains stage.status.freightHistory from the served OpenAPI', async () => {
    const out = await kubectl(['explain', 'stage.status.freightHistory']);
    expect(out).toContain('KIND:       Stage');
    expect(out).toContain('FIELD: freightHistory <[]Object>');
    expect(out).toContain('verificationHistory');
  }, 30000);

  it('uses the bearer token over HTTPS with the generated CA', async () => {
    const tlsArgs = ['--certificate-authority', caFile];
    const out = await kubectl(
      ['get', 'stages', '-n', 'checkout', '-o', 'name'],
      tls.httpsUrl,
      [...tlsArgs, '--token', 'sandbox-readonly-token'],
    );
    expect(out.trim().split('\n')).toEqual([
      'stage.kargo.akuity.io/dev',
      'stage.kargo.akuity.io/prod',
      'stage.kargo.akuity.io/staging',
    ]);
    await expect(
      kubectl(
        ['annotate', 'stage', 'dev', '-n', 'checkout', 'a=b'],
        tls.httpsUrl,
        [...tlsArgs, '--token', 'sandbox-readonly-token'],
      ),
    ).rejects.toThrow(/Forbidden|forbidden/);
    await expect(
      kubectl(['get', 'stages', '-A'], tls.httpsUrl, [
        ...tlsArgs,
        '--token',
        'wrong',
      ]),
    ).rejects.toThrow(/Unauthorized|credentials/);
  }, 60000);
});
