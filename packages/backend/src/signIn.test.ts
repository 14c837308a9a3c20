/**
 * The demo's sign-in, without a browser: the auth backend with Backstage's
 * OIDC module, configured from the demo's own app-config.yaml
 * (`auth.providers.oidc.development`, only the issuer's port changed), runs
 * the authorization code flow against the sandbox's OpenID provider, whose
 * login page is filled in as a person would. What the popup would hand the
 * app is read from the handler's page.
 */
import path from 'node:path';
import { ConfigSources } from '@backstage/config-loader';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import authPlugin from '@backstage/plugin-auth-backend';
import oidcProvider from '@backstage/plugin-auth-backend-module-oidc-provider';
import { startSandbox, type Sandbox } from '@kargo-backstage/kargo-sandbox';
import type { JsonObject } from '@backstage/types';

jest.setTimeout(60_000);

const ROOT = path.resolve(__dirname, '../../..');
// The demo backend's own URL: the callback the sandbox's `backstage` client
// registers is under it. The test backend listens elsewhere, so the test
// forwards the provider's redirect to it.
let DEMO_BACKEND: string;

/** The demo's org: alice and bob by their emails (examples/org.yaml's shape). */
const user = (name: string, email: string) => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'User',
  metadata: { name, namespace: 'default' },
  spec: { profile: { email }, memberOf: ['guests'] },
});

/** The claims of a JWT (the signature is the provider's and Kargo's business). */
const decodeJwt = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

/** A cookie jar per site: name=value pairs from Set-Cookie, sent back on every request. */
class Jar {
  private readonly cookies = new Map<string, string>();
  /** Every Set-Cookie as sent, attributes included. */
  readonly setCookies: string[] = [];
  take(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      this.setCookies.push(c);
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      this.cookies.set(pair.slice(0, i).trim(), pair.slice(i + 1));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

describe('the demo signs in through the sandbox OpenID provider', () => {
  let sandbox: Sandbox;
  let backendUrl: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    sandbox = await startSandbox({ fixtures: false, controller: false });
    for (const [id, name, groups] of [
      ['alice', 'Alice Promoter', ['kargo-promoters']],
      ['bob', 'Bob Viewer', ['kargo-viewers']],
      ['carol', 'Carol Nobody', []],
    ] as const) {
      sandbox.users.add({
        id,
        email: `${id}@example.com`,
        name,
        groups: [...groups],
        password: id,
      });
    }

    const demo = await ConfigSources.toConfig(
      ConfigSources.default({
        rootDir: ROOT,
        argv: ['--config', path.join(ROOT, 'app-config.yaml')],
        env: {},
      }),
    );
    const auth = demo.get<JsonObject>('auth');
    DEMO_BACKEND = demo.getString('backend.baseUrl');
    demo.close();
    const oidc = (auth.providers as any).oidc.development;
    oidc.metadataUrl = `${sandbox.oidcIssuer}/.well-known/openid-configuration`;
    // What the module derives from backend.baseUrl in the demo.
    oidc.callbackUrl = `${DEMO_BACKEND}/api/auth/oidc/handler/frame`;

    const backend = await startTestBackend({
      features: [
        authPlugin,
        oidcProvider,
        catalogServiceMock.factory({
          entities: [
            user('alice', 'alice@example.com'),
            user('bob', 'bob@example.com'),
          ],
        }),
        mockServices.rootConfig.factory({
          data: { app: { baseUrl: 'http://127.0.0.1:3000' }, auth },
        }),
      ],
    });
    const address = backend.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    backendUrl = `http://127.0.0.1:${port}`;
    stop = () => backend.stop();
  });

  afterAll(async () => {
    await stop?.();
    await sandbox?.stop();
  });

  /**
   * "Sign In" on the Kargo SSO card: the popup's way through the provider's
   * login page back to the backend's handler. Answers the login page's HTML
   * when the provider keeps the person there, else what the popup would post
   * to the app.
   */
  async function signIn(email: string, password: string) {
    const backstage = new Jar();
    const provider = new Jar();
    const scope = 'openid profile email groups offline_access';
    const start = await fetch(
      `${backendUrl}/api/auth/oidc/start?env=development&flow=popup&origin=${encodeURIComponent(
        'http://127.0.0.1:3000',
      )}&scope=${encodeURIComponent(scope)}`,
      { redirect: 'manual' },
    );
    expect(start.status).toBe(302);
    backstage.take(start);
    let location = start.headers.get('location')!;
    expect(location.startsWith(`${sandbox.oidcIssuer}/auth?`)).toBe(true);
    const authorize = new URL(location).searchParams;
    expect(authorize.get('client_id')).toBe('backstage');
    expect(authorize.get('redirect_uri')).toBe(
      `${DEMO_BACKEND}/api/auth/oidc/handler/frame`,
    );
    expect(authorize.get('scope')!.split(' ').sort()).toEqual(
      scope.split(' ').sort(),
    );
    // `prompt: auto`: no prompt, so the provider shows its login page.
    expect(authorize.has('prompt')).toBe(false);

    // Through the provider to its login page.
    let res: Response;
    for (;;) {
      res = await fetch(new URL(location, sandbox.url), {
        redirect: 'manual',
        headers: { cookie: provider.header() },
      });
      provider.take(res);
      if (res.status < 300 || res.status >= 400) break;
      location = res.headers.get('location')!;
    }
    const loginPage = await res.text();
    expect(loginPage).toContain('<label for="password">Password</label>');
    const action = /<form method="post" action="([^"]+)"/.exec(loginPage)![1];

    res = await fetch(new URL(action, sandbox.url), {
      method: 'POST',
      redirect: 'manual',
      headers: {
        cookie: provider.header(),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ email, password }).toString(),
    });
    provider.take(res);
    while (res.status >= 300 && res.status < 400) {
      location = res.headers.get('location')!;
      if (location.startsWith(DEMO_BACKEND)) break;
      res = await fetch(new URL(location, sandbox.url), {
        redirect: 'manual',
        headers: { cookie: provider.header() },
      });
      provider.take(res);
    }
    if (!location.startsWith(DEMO_BACKEND)) {
      return { loginPage: await res.text() };
    }

    // The provider sends the popup back to Backstage's handler.
    const frame = await fetch(location.replace(DEMO_BACKEND, backendUrl), {
      redirect: 'manual',
      headers: { cookie: backstage.header() },
    });
    backstage.take(frame);
    const html = await frame.text();
    const data = /var authResponse = decodeURIComponent\('([^']*)'\)/.exec(
      html,
    )![1];
    return {
      response: JSON.parse(decodeURIComponent(data)),
      backstage,
    };
  }

  it('signs alice in as user:default/alice, with an ID token Kargo accepts (her email and groups, audience backstage)', async () => {
    const { response, backstage } = await signIn('alice@example.com', 'alice');
    // The refresh token stays out of scripts' reach, sent only to the oidc auth routes.
    const refreshCookie = backstage!.setCookies.find(c =>
      /^oidc-refresh-token=[^;]+/.test(c),
    );
    expect(refreshCookie).toMatch(/;\s*HttpOnly/i);
    expect(refreshCookie).toMatch(/;\s*Path=\/api\/auth\/oidc(;|$)/i);
    expect(response.type).toBe('authorization_response');
    const { backstageIdentity, providerInfo, profile } = response.response;
    expect(backstageIdentity.identity).toMatchObject({
      userEntityRef: 'user:default/alice',
      ownershipEntityRefs: expect.arrayContaining(['user:default/alice']),
    });
    expect(profile).toMatchObject({
      email: 'alice@example.com',
      displayName: 'Alice Promoter',
    });
    const idToken = decodeJwt(providerInfo.idToken);
    expect(idToken).toMatchObject({
      iss: sandbox.oidcIssuer,
      aud: 'backstage',
      email: 'alice@example.com',
      groups: ['kargo-promoters'],
    });
  });

  it('keeps the session on a reload: the refresh answers a new ID token for the same person', async () => {
    const { backstage } = await signIn('bob@example.com', 'bob');
    const refresh = await fetch(
      `${backendUrl}/api/auth/oidc/refresh?env=development`,
      {
        headers: {
          cookie: backstage!.header(),
          'x-requested-with': 'XMLHttpRequest',
        },
      },
    );
    expect(refresh.status).toBe(200);
    const body = await refresh.json();
    expect(body.backstageIdentity.identity.userEntityRef).toBe(
      'user:default/bob',
    );
    expect(decodeJwt(body.providerInfo.idToken)).toMatchObject({
      email: 'bob@example.com',
      groups: ['kargo-viewers'],
    });
  });

  it('keeps a wrong password on the login page, with the reason', async () => {
    const result = await signIn('alice@example.com', 'not-alice');
    expect(result.response).toBeUndefined();
    expect(result.loginPage).toContain('Wrong email or password.');
  });

  it('refuses a person the provider knows but the catalog does not, with no identity', async () => {
    const { response } = await signIn('carol@example.com', 'carol');
    expect(response.type).toBe('authorization_response');
    expect(response.error.message).toMatch(/unable to resolve user identity/);
    expect(response.response).toBeUndefined();
  });
});
