/**
 * The cluster examples of docs/configuration.md, loaded as users copy them
 * (hosts, paths and secrets swapped for the sandbox's), read the live HTTPS
 * sandbox through DefaultKargoService: config parsing, KubeConfig and client
 * together.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import {
  DEMO_TOKENS,
  loadDocsExample,
  sandboxKubeconfig,
  startSandbox,
  writeSandboxFiles,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import { parse, stringify } from 'yaml';
import { DefaultKargoService } from '../DefaultKargoService';
import { IN_CLUSTER_ROOT_ENV } from './kubeConfig';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

const TOKEN = 'sandbox-readonly-token';

describe('the documented cluster connections, against the HTTPS sandbox', () => {
  let sandbox: Sandbox;
  let dir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    sandbox = await startSandbox({
      https: true,
      tokens: DEMO_TOKENS,
      controller: false,
    });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'docs-examples-'));
  });
  afterAll(async () => {
    process.env = { ...saved };
    await sandbox.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function projectsOf(
    example: string,
    instance: string,
    replace: Record<string, string> = {},
  ) {
    const data = await loadDocsExample(example, {
      replace: {
        'https://k8s.example.com:6443': sandbox.httpsUrl!,
        ...replace,
      },
      env: { KARGO_TOKEN: TOKEN, KARGO_CA_DATA: sandbox.caData! },
    });
    const kargo = DefaultKargoService.fromConfig({
      config: new ConfigReader(data),
      logger: mockServices.logger.mock(),
    });
    return kargo.cluster(instance).listProjects();
  }

  it('service-account-ca-data: a token and the CA inline', async () => {
    expect(await projectsOf('service-account-ca-data', 'production')).toEqual([
      'checkout',
      'payments',
    ]);
  });

  it('service-account-ca-file: a token and the CA from a file', async () => {
    const caFile = path.join(dir, 'ca.crt');
    writeSandboxFiles(sandbox, { caFile });
    expect(
      await projectsOf('service-account-ca-file', 'production', {
        '/etc/kargo/ca.crt': caFile,
      }),
    ).toEqual(['checkout', 'payments']);
  });

  it('service-account-skip-tls: a token, the certificate unchecked', async () => {
    expect(await projectsOf('service-account-skip-tls', 'scratch')).toEqual([
      'checkout',
      'payments',
    ]);
  });

  it("kubeconfig-context: the named context's server, CA and token, not the current context's", async () => {
    const staging = parse(
      sandboxKubeconfig(sandbox, { token: TOKEN, context: 'staging' }),
    );
    const file = path.join(dir, 'kubeconfig');
    fs.writeFileSync(
      file,
      stringify({
        ...staging,
        clusters: [
          ...staging.clusters,
          { name: 'elsewhere', cluster: { server: 'https://127.0.0.1:1' } },
        ],
        users: [
          ...staging.users,
          { name: 'elsewhere', user: { token: 'wrong' } },
        ],
        contexts: [
          ...staging.contexts,
          {
            name: 'elsewhere',
            context: { cluster: 'elsewhere', user: 'elsewhere' },
          },
        ],
        'current-context': 'elsewhere',
      }),
    );
    expect(
      await projectsOf('kubeconfig-context', 'staging', {
        '/etc/kargo/kubeconfig': file,
      }),
    ).toEqual(['checkout', 'payments']);
  });

  it("in-cluster: the pod's mounted token and CA", async () => {
    const mount = path.join(
      dir,
      'pod/var/run/secrets/kubernetes.io/serviceaccount',
    );
    fs.mkdirSync(mount, { recursive: true });
    fs.writeFileSync(path.join(mount, 'token'), TOKEN);
    fs.writeFileSync(
      path.join(mount, 'ca.crt'),
      Buffer.from(sandbox.caData!, 'base64'),
    );
    const { hostname, port } = new URL(sandbox.httpsUrl!);
    process.env.KUBERNETES_SERVICE_HOST = hostname;
    process.env.KUBERNETES_SERVICE_PORT = port;
    process.env[IN_CLUSTER_ROOT_ENV] = path.join(dir, 'pod');
    expect(await projectsOf('in-cluster', 'local')).toEqual([
      'checkout',
      'payments',
    ]);
  });
});
