/**
 * The sandbox's OpenID provider under `/oidc`: `oidc-provider` (OpenID
 * Certified) with the authorization code flow, discovery, JWKS, userinfo,
 * refresh tokens and revocation, the way Backstage's
 * `@backstage/plugin-auth-backend-module-oidc-provider` uses a provider
 * (client_secret_basic, RS256 ID tokens, userinfo after a refresh). Sign-in
 * is the sandbox's own email + password page (./loginPage.ts); consent is
 * implied for the configured (first-party) clients.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import { randomBytes } from 'node:crypto';
import { readBody } from '../kube/http';
import { loginPage } from './loginPage';
import { memoryAdapterFactory } from './memoryAdapter';
import type { UserDirectory } from './users';

export const OIDC_PREFIX = '/oidc';

/** An OIDC client the provider knows. @public */
export interface SandboxOidcClient {
  clientId: string;
  clientSecret?: string;
  redirectUris: string[];
}

/** The demo's Backstage client (docs/sandbox.md). @public */
export const DEMO_OIDC_CLIENTS: SandboxOidcClient[] = [
  {
    clientId: 'backstage',
    clientSecret: 'backstage-demo-secret',
    redirectUris: ['http://127.0.0.1:7007/api/auth/oidc/handler/frame'],
  },
];

const SCOPES = ['openid', 'profile', 'email', 'groups', 'offline_access'];

export async function createOidcProvider(options: {
  issuer: string;
  users: UserDirectory;
  clients: SandboxOidcClient[];
  idTokenTtlSeconds?: number;
}) {
  // ESM-only; Node 22 loads it with require(esm).
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const mod = require('oidc-provider');
  const Provider = mod.default ?? mod;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: randomBytes(8).toString('hex') };
  const { users } = options;

  const provider = new Provider(options.issuer, {
    adapter: memoryAdapterFactory(),
    clients: options.clients.map(c => ({
      client_id: c.clientId,
      ...(c.clientSecret
        ? { client_secret: c.clientSecret }
        : { token_endpoint_auth_method: 'none' }),
      redirect_uris: c.redirectUris,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    scopes: SCOPES,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name'],
      groups: ['groups'],
    },
    // ID tokens carry email, name and groups (Kargo maps `groups`), not only userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, revocation: { enabled: true } },
    pkce: { required: (_ctx: unknown, client: any) => client.clientAuthMethod === 'none' },
    ttl: { IdToken: options.idTokenTtlSeconds ?? 3600, AccessToken: 3600 },
    // Backstage refreshes sessions; it asks `openid profile email` and more, not offline_access.
    issueRefreshToken: async (_ctx: unknown, client: any) =>
      client.grantTypeAllowed('refresh_token'),
    async findAccount(_ctx: unknown, id: string) {
      const u = users.find(id);
      if (!u) return undefined;
      return {
        accountId: u.id,
        claims: async () => ({
          sub: u.id,
          email: u.email,
          email_verified: true,
          name: u.name,
          groups: u.groups,
        }),
      };
    },
    // First-party clients: every requested scope is granted without a consent page.
    async loadExistingGrant(ctx: any) {
      const grantId =
        ctx.oidc.result?.consent?.grantId ||
        ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope(SCOPES.join(' '));
      await grant.save();
      return grant;
    },
    interactions: {
      url: (_ctx: unknown, interaction: { uid: string }) =>
        `${OIDC_PREFIX}/interaction/${interaction.uid}`,
    },
    renderError: async (ctx: any, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${escapeHtml(out.error)}: ${escapeHtml(out.error_description ?? '')}</p>`;
    },
  });
  provider.proxy = true;
  const callback = provider.callback();

  async function serveInteraction(req: IncomingMessage, res: ServerResponse, uid: string) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'POST') {
      const form = new URLSearchParams((await readBody(req)).toString('utf8'));
      const user = users.check(form.get('email') ?? '', form.get('password') ?? '');
      if (!user) {
        sendHtml(res, 200, loginPage(uid, form.get('email') ?? '', 'Wrong email or password.'));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
      return;
    }
    sendHtml(res, 200, loginPage(uid, String(details.params.login_hint ?? '')));
  }

  return {
    provider,
    async handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
      const url = req.url ?? '/';
      if (url !== OIDC_PREFIX && !url.startsWith(`${OIDC_PREFIX}/`) && !url.startsWith(`${OIDC_PREFIX}?`))
        return false;
      const m = /^\/oidc\/interaction\/([^/?]+)(?:\/login)?(?:\?.*)?$/.exec(url);
      if (m) {
        try {
          await serveInteraction(req, res, m[1]);
        } catch {
          sendHtml(res, 400, '<!doctype html><title>Sign-in expired</title><p>This sign-in has expired. Start again from the application.</p>');
        }
        return true;
      }
      // Mounted under /oidc, as express's app.use('/oidc', provider.callback()).
      (req as any).originalUrl = url;
      req.url = url.slice(OIDC_PREFIX.length) || '/';
      await callback(req, res);
      return true;
    },
  };
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
}
