/**
 * `authProvider: inCluster` against the sandbox's live HTTPS listener: the
 * service-account token and CA files at the paths Kubernetes mounts them
 * (under KARGO_IN_CLUSTER_ROOT), the server from KUBERNETES_SERVICE_*.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEMO_TOKENS,
  startSandbox,
  type Sandbox,
  type TokenPolicy,
} from '@kargo-backstage/kargo-sandbox';
import { createKubeConfig, IN_CLUSTER_ROOT_ENV } from './kubeConfig';
import {
  client,
  error,
  fakeTheDateOnly,
  instance,
} from './__testUtils__/clients';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

const TOKEN = 'sandbox-readonly-token';

describe('createKubeConfig in a pod, against the sandbox over HTTPS', () => {
  let sandbox: Sandbox;
  let other: Sandbox;
  let dir: string;

  beforeAll(async () => {
    [sandbox, other] = await Promise.all([
      startSandbox({ https: true, tokens: DEMO_TOKENS, controller: false }),
      startSandbox({ https: true, controller: false, fixtures: false }),
    ]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'in-cluster-test-'));
  });
  afterAll(async () => {
    await Promise.all([sandbox.stop(), other.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const saved = { ...process.env };
  let root: string;
  let tokenFile: string;

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(dir, 'pod-'));
    const mount = path.join(
      root,
      'var/run/secrets/kubernetes.io/serviceaccount',
    );
    fs.mkdirSync(mount, { recursive: true });
    tokenFile = path.join(mount, 'token');
    fs.writeFileSync(tokenFile, TOKEN);
    fs.writeFileSync(
      path.join(mount, 'ca.crt'),
      Buffer.from(sandbox.caData!, 'base64'),
    );
    fs.writeFileSync(path.join(mount, 'namespace'), 'backstage');
    const { hostname, port } = new URL(sandbox.httpsUrl!);
    process.env.KUBERNETES_SERVICE_HOST = hostname;
    process.env.KUBERNETES_SERVICE_PORT = port;
    process.env[IN_CLUSTER_ROOT_ENV] = root;
  });
  afterEach(() => {
    process.env = { ...saved };
    jest.useRealTimers();
  });

  it("reads the cluster with the pod's mounted token and CA", async () => {
    const c = client(instance({ authProvider: 'inCluster' }));
    expect(await c.listProjects()).toEqual(['checkout', 'payments']);
  });

  it('re-reads a rotated token file (bound tokens expire hourly)', async () => {
    const tokens: TokenPolicy = { 'first-token': '*' };
    const rotating = await startSandbox({
      https: true,
      tokens,
      controller: false,
      fixtures: false,
    });
    try {
      const mount = path.dirname(tokenFile);
      fs.writeFileSync(
        path.join(mount, 'ca.crt'),
        Buffer.from(rotating.caData!, 'base64'),
      );
      fs.writeFileSync(tokenFile, 'first-token');
      process.env.KUBERNETES_SERVICE_PORT = new URL(rotating.httpsUrl!).port;
      fakeTheDateOnly();
      const c = client(instance({ authProvider: 'inCluster' }));
      expect(await c.listProjects()).toEqual([]);

      // The kubelet writes a new token; the old one stops working.
      fs.writeFileSync(tokenFile, 'second-token');
      delete tokens['first-token'];
      tokens['second-token'] = '*';
      // The token file is re-read once a minute, as client-go does.
      jest.setSystemTime(Date.now() + 61_000);
      expect(await c.listProjects()).toEqual([]);
    } finally {
      await rotating.stop();
    }
  });

  it('applies the instance caData over the mounted CA, without a url', async () => {
    fs.writeFileSync(
      path.join(path.dirname(tokenFile), 'ca.crt'),
      Buffer.from(other.caData!, 'base64'),
    );
    const wrong = client(instance({ authProvider: 'inCluster' }));
    expect((await error(wrong.listProjects()))?.message).toMatch(/certificate/);
    const c = client(
      instance({ authProvider: 'inCluster', caData: sandbox.caData }),
    );
    expect(await c.listProjects()).toEqual(['checkout', 'payments']);
  });

  it('fails at construction outside a pod, naming the instance', () => {
    delete process.env.KUBERNETES_SERVICE_HOST;
    expect(() =>
      createKubeConfig(instance({ authProvider: 'inCluster' })),
    ).toThrow(
      "Kargo instance 'tls': authProvider inCluster needs KUBERNETES_SERVICE_HOST",
    );
    process.env.KUBERNETES_SERVICE_HOST = '127.0.0.1';
    fs.rmSync(tokenFile);
    expect(() =>
      createKubeConfig(instance({ authProvider: 'inCluster' })),
    ).toThrow(/found no service account token at .*serviceaccount\/token/);
  });
});
