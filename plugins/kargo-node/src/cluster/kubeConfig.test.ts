/**
 * Every documented way to reach a cluster, against the sandbox's live HTTPS
 * listener (a CA generated at startup, bearer tokens required).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DEMO_TOKENS,
  sandboxKubeconfig,
  startSandbox,
  writeSandboxFiles,
  type Sandbox,
  type TokenPolicy,
} from '@kargo-backstage/kargo-sandbox';
import { parse, stringify } from 'yaml';
import type { KargoInstanceConfig } from '../config';
import { createKubeConfig } from './kubeConfig';
import { client, error, instance } from './__testUtils__/clients';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

const TOKEN = 'sandbox-readonly-token';

describe('createKubeConfig against the sandbox over HTTPS', () => {
  let sandbox: Sandbox;
  let other: Sandbox;
  let dir: string;
  const otherTokens: TokenPolicy = { 'other-token': '*' };

  beforeAll(async () => {
    [sandbox, other] = await Promise.all([
      startSandbox({ https: true, tokens: DEMO_TOKENS, controller: false }),
      startSandbox({
        https: true,
        tokens: otherTokens,
        controller: false,
        fixtures: false,
      }),
    ]);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubeconfig-test-'));
    writeSandboxFiles(sandbox, { caFile: path.join(dir, 'ca.crt') });
  });
  afterAll(async () => {
    sandbox.faults.clear();
    await Promise.all([sandbox.stop(), other.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  describe('serviceAccount', () => {
    it('reads the cluster with the token and caData', async () => {
      const c = client(
        instance({
          url: sandbox.httpsUrl,
          serviceAccountToken: TOKEN,
          caData: sandbox.caData,
        }),
      );
      expect(await c.listProjects()).toEqual(['checkout', 'payments']);
    });

    it('reads the cluster with the token and caFile', async () => {
      const c = client(
        instance({
          url: sandbox.httpsUrl,
          serviceAccountToken: TOKEN,
          caFile: path.join(dir, 'ca.crt'),
        }),
      );
      expect(await c.listProjects()).toEqual(['checkout', 'payments']);
    });

    it('reads the cluster with skipTLSVerify and no CA', async () => {
      const c = client(
        instance({
          url: sandbox.httpsUrl,
          serviceAccountToken: TOKEN,
          skipTLSVerify: true,
        }),
      );
      expect(await c.listProjects()).toEqual(['checkout', 'payments']);
    });

    it.each([
      ['no CA (the system trust store)', undefined],
      ['the CA of another cluster', 'other'],
    ])(
      'fails with %s, naming the instance and the certificate',
      async (_, ca) => {
        const c = client(
          instance({
            name: 'production',
            url: sandbox.httpsUrl,
            serviceAccountToken: TOKEN,
            caData: ca ? other.caData : undefined,
          }),
        );
        const e = await error(c.listProjects());
        expect(e?.name).toBe('ServiceUnavailableError');
        expect(e?.message).toContain("instance 'production'");
        expect(e?.message).toMatch(/certificate/);
        expect(e?.message).toContain('caData');
      },
    );

    it('answers 401 for a wrong or expired token, naming the instance and never the token', async () => {
      const c = client(
        instance({
          url: sandbox.httpsUrl,
          serviceAccountToken: 'expired-token',
          caData: sandbox.caData,
        }),
      );
      const e = await error(c.listProjects());
      expect(e?.message).toContain("instance 'tls'");
      expect(e?.message).toContain('(401)');
      expect(e?.message).not.toContain('expired-token');
    });

    it('gives up on a cluster that never answers, with a timeout error', async () => {
      sandbox.faults.set({ path: /^\/apis\//, hang: true });
      try {
        const c = client(
          instance({
            url: sandbox.httpsUrl,
            serviceAccountToken: TOKEN,
            caData: sandbox.caData,
          }),
          300,
        );
        const e = await error(c.listProjects());
        expect(e?.message).toContain("Kargo instance 'tls'");
        expect(e?.message).toContain('timed out');
      } finally {
        sandbox.faults.clear();
      }
    });
  });

  describe('kubeconfig', () => {
    /** One file, two contexts: `sandbox` (current) and `other`, each with its own CA and token. */
    function writeTwoContexts(): string {
      const a = parse(
        sandboxKubeconfig(sandbox, { token: TOKEN, context: 'sandbox' }),
      );
      const b = parse(
        sandboxKubeconfig(other, { token: 'other-token', context: 'other' }),
      );
      const file = path.join(dir, 'two-contexts.yaml');
      fs.writeFileSync(
        file,
        stringify({
          ...a,
          clusters: [...a.clusters, ...b.clusters],
          users: [...a.users, ...b.users],
          contexts: [...a.contexts, ...b.contexts],
        }),
      );
      return file;
    }

    it('uses the current context of the file', async () => {
      const file = writeTwoContexts();
      const c = client(
        instance({ authProvider: 'kubeconfig', kubeconfig: { path: file } }),
      );
      expect(await c.listProjects()).toEqual(['checkout', 'payments']);
    });

    it("uses a named context with that context's own server, CA and token", async () => {
      const file = writeTwoContexts();
      const c = client(
        instance({
          authProvider: 'kubeconfig',
          kubeconfig: { path: file, context: 'other' },
        }),
      );
      // The other sandbox holds no projects; its token is unknown to the first.
      expect(await c.listProjects()).toEqual([]);
    });

    it('refuses a context the file does not have, at construction', () => {
      const file = writeTwoContexts();
      expect(() =>
        createKubeConfig(
          instance({
            authProvider: 'kubeconfig',
            kubeconfig: { path: file, context: 'nope' },
          }),
        ),
      ).toThrow(
        "Kargo instance 'tls': kubeconfig.context 'nope' is not in the kubeconfig (contexts: sandbox, other)",
      );
    });

    /** A kubeconfig whose cluster carries no CA: only the instance's TLS keys can make it work. */
    function writeWithoutCa(): string {
      const file = path.join(dir, 'no-ca.yaml');
      writeSandboxFiles(
        { url: sandbox.httpsUrl!, httpsUrl: sandbox.httpsUrl },
        { kubeconfigFile: file, token: TOKEN },
      );
      return file;
    }

    it.each([
      ['caData', { caData: 'CA' }],
      ['caFile', { caFile: 'FILE' }],
      ['skipTLSVerify', { skipTLSVerify: true }],
    ])(
      'applies the instance %s over the kubeconfig without a url',
      async (_, tls) => {
        const file = writeWithoutCa();
        const overrides: Partial<KargoInstanceConfig> = {
          ...tls,
          ...('caData' in tls ? { caData: sandbox.caData } : {}),
          ...('caFile' in tls ? { caFile: path.join(dir, 'ca.crt') } : {}),
        };
        const without = client(
          instance({ authProvider: 'kubeconfig', kubeconfig: { path: file } }),
        );
        expect((await error(without.listProjects()))?.message).toMatch(
          /certificate/,
        );
        const c = client(
          instance({
            authProvider: 'kubeconfig',
            kubeconfig: { path: file },
            ...overrides,
          }),
        );
        expect(await c.listProjects()).toEqual(['checkout', 'payments']);
      },
    );
  });
});
