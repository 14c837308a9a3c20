import {
  DEMO_TOKENS,
  sandboxOidcSignIn,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import {
  PORTAL_TOKEN,
  startKargoTestBackend,
  type KargoTestBackend,
} from './backend';

/**
 * The demo with `api.authorizeReads` and `identity: user`, where Kargo's RBAC
 * no longer lets bob see `payments` (his viewer binding there removed, as a
 * platform team would), and alice's and bob's real ID tokens from the
 * sandbox's OpenID provider.
 */
export async function startAuthorizeReadsBackend(
  options: Pick<
    Parameters<typeof startKargoTestBackend>[0] & {},
    'services' | 'logger' | 'entities'
  > = {},
): Promise<{
  sandbox: Sandbox;
  backend: KargoTestBackend;
  tokens: { alice: string; bob: string };
  stop(): Promise<void>;
}> {
  const sandbox = await startSandbox({ port: 0, tokens: DEMO_TOKENS });
  sandbox.store.delete(
    sandbox.registry.find('rbac.authorization.k8s.io', 'v1', 'rolebindings')!,
    'payments',
    'kargo-viewer',
  );
  const backend = await startKargoTestBackend({
    ...options,
    sandbox,
    api: {
      url: sandbox.kargoApiUrl,
      identity: 'user',
      authProvider: 'oidc',
      authorizeReads: true,
      token: PORTAL_TOKEN,
    },
  });
  await backend.refresh();
  const [alice, bob] = await Promise.all([
    sandboxOidcSignIn(sandbox.oidcIssuer, 'alice@example.com', 'alice'),
    sandboxOidcSignIn(sandbox.oidcIssuer, 'bob@example.com', 'bob'),
  ]);
  return {
    sandbox,
    backend,
    tokens: { alice: alice.id_token, bob: bob.id_token },
    stop: async () => {
      await backend.stop();
      await sandbox.stop();
    },
  };
}
