import { registerMswTestHooks } from '@backstage/backend-test-utils';
import { reasonOf } from '@kargo-backstage/plugin-kargo-common';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  API_URL,
  apiClient,
  createdPromotion,
  ID_TOKEN,
  PORTAL_TOKEN,
} from './__testUtils__/fixtures';

const server = setupServer();
registerMswTestHooks(server);

const PERSON = { type: 'user', idToken: ID_TOKEN } as const;
const PORTAL = { type: 'portal' } as const;

interface Seen {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  body: string;
}

/** Records every request to Kargo's API and answers with `answer`. */
function kargo(answer: (seen: Seen) => Response) {
  const seen: Seen[] = [];
  server.use(
    http.all(`${API_URL}/*`, async ({ request }) => {
      const entry = {
        method: request.method,
        path: new URL(request.url).pathname + new URL(request.url).search,
        authorization: request.headers.get('authorization'),
        contentType: request.headers.get('content-type'),
        body: await request.text(),
      };
      seen.push(entry);
      return answer(entry);
    }),
  );
  return seen;
}

describe('KargoApiHttpClient: the requests Kargo v1.11.2 expects', () => {
  it("promotes with exactly the Freight named, as the person, and returns Kargo's Promotion (201)", async () => {
    const seen = kargo(() =>
      HttpResponse.json(createdPromotion('prod', 'f0e1d2c3b4a5'), {
        status: 201,
      }),
    );
    const promotion = await apiClient().promote(
      'checkout',
      'prod',
      { freight: 'f0e1d2c3b4a5' },
      PERSON,
    );
    expect(seen).toEqual([
      {
        method: 'POST',
        path: '/api/v1beta1/projects/checkout/stages/prod/promotions',
        authorization: `Bearer ${ID_TOKEN}`,
        contentType: 'application/json',
        body: '{"freight":"f0e1d2c3b4a5"}',
      },
    ]);
    expect(promotion.metadata?.name).toBe('prod.01jbx2v1m3k.f0e1d2c');
    expect(promotion.metadata?.annotations).toEqual({
      'kargo.akuity.io/create-actor': 'email:alice@example.com',
    });
  });

  it('promotes by alias with only freightAlias in the body, as the portal with its token', async () => {
    const seen = kargo(() =>
      HttpResponse.json(createdPromotion('uat', 'a1b2c3d4e5'), {
        status: 201,
      }),
    );
    await apiClient().promote(
      'checkout',
      'uat',
      { freightAlias: 'wonky-wombat' },
      PORTAL,
    );
    expect(seen[0].body).toBe('{"freightAlias":"wonky-wombat"}');
    expect(seen[0].authorization).toBe(`Bearer ${PORTAL_TOKEN}`);
  });

  it.each([
    [
      'reverify',
      (c: ReturnType<typeof apiClient>) =>
        c.reverify('checkout', 'prod', PERSON),
      '/api/v1beta1/projects/checkout/stages/prod/verification',
    ],
    [
      'abortVerification',
      (c: ReturnType<typeof apiClient>) =>
        c.abortVerification('checkout', 'prod', PERSON),
      '/api/v1beta1/projects/checkout/stages/prod/verification/abort',
    ],
    [
      'abortPromotion',
      (c: ReturnType<typeof apiClient>) =>
        c.abortPromotion('checkout', 'prod.01jbx2v1m3k.f0e1d2c', PERSON),
      '/api/v1beta1/projects/checkout/promotions/prod.01jbx2v1m3k.f0e1d2c/abort',
    ],
    [
      'refreshStage',
      (c: ReturnType<typeof apiClient>) =>
        c.refreshStage('checkout', 'prod', PERSON),
      '/api/v1beta1/projects/checkout/stages/prod/refresh',
    ],
    [
      'approveFreight',
      (c: ReturnType<typeof apiClient>) =>
        c.approveFreight('checkout', 'wonky-wombat', 'prod', PERSON),
      '/api/v1beta1/projects/checkout/freight/wonky-wombat/approve?stage=prod',
    ],
  ])(
    '%s POSTs to its path without a body and resolves on 200',
    async (_, act, path) => {
      const seen = kargo(() => new HttpResponse(null, { status: 200 }));
      await expect(act(apiClient())).resolves.toBeUndefined();
      expect(seen).toEqual([
        {
          method: 'POST',
          path,
          authorization: `Bearer ${ID_TOKEN}`,
          contentType: null,
          body: '',
        },
      ]);
    },
  );

  it('reads the public server config without sending any token', async () => {
    const seen = kargo(() =>
      HttpResponse.json({
        adminAccountEnabled: true,
        oidcConfig: {
          issuerUrl: 'https://dex.example.com',
          clientId: 'kargo',
          cliClientId: 'kargo-cli',
          scopes: ['openid', 'email', 'groups'],
        },
        skipAuth: false,
      }),
    );
    await expect(apiClient().getPublicServerConfig()).resolves.toEqual({
      adminAccountEnabled: true,
      oidc: {
        issuerUrl: 'https://dex.example.com',
        clientId: 'kargo',
        cliClientId: 'kargo-cli',
        scopes: ['openid', 'email', 'groups'],
      },
      skipAuth: false,
    });
    expect(seen).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/api/v1beta1/system/public-server-config',
        authorization: null,
      }),
    ]);
  });

  it('refuses before sending: no Freight, a name that is no Kubernetes name, no identity', async () => {
    const seen = kargo(() => new HttpResponse(null, { status: 200 }));
    const noToken = apiClient({ token: undefined });
    await expect(
      apiClient().promote('checkout', 'prod', { freight: '' }, PERSON),
    ).rejects.toMatchObject({ name: 'InputError', code: 'freightNotGiven' });
    await expect(
      apiClient().reverify('checkout', '../../system', PERSON),
    ).rejects.toMatchObject({
      name: 'InputError',
      code: 'invalidRequest',
      params: { field: 'stage', location: 'path' },
    });
    await expect(
      noToken.reverify('checkout', 'prod', PORTAL),
    ).rejects.toMatchObject({
      name: 'AuthenticationError',
      code: 'kargoIdentityRequired',
      params: { instance: 'prod-cluster' },
    });
    await expect(
      noToken.reverify('checkout', 'prod', { type: 'user', idToken: '' }),
    ).rejects.toMatchObject({ code: 'kargoIdentityRequired' });
    expect(seen).toEqual([]);
  });
});

describe("KargoApiHttpClient: Kargo's refusals, in Kargo's words", () => {
  const kargoSays = (status: number, error: string) =>
    kargo(() => HttpResponse.json({ error }, { status }));

  it.each([
    [
      400,
      'InputError',
      'kargoRejected',
      'exactly one of freight, freightAlias, or origin must be provided',
    ],
    [
      403,
      'NotAllowedError',
      'kargoForbidden',
      'stages.kargo.akuity.io "prod" is forbidden: User "email:bob@example.com" cannot promote resource "stages" in API group "kargo.akuity.io" in the namespace "checkout"',
    ],
    [
      404,
      'NotFoundError',
      'kargoNotFound',
      'Stage "prod" not found in project "checkout"',
    ],
    [
      409,
      'ConflictError',
      'kargoConflict',
      'Operation cannot be fulfilled on stages.kargo.akuity.io "prod": the object has been modified',
    ],
    [
      500,
      'ServiceUnavailableError',
      'kargoApiUnavailable',
      'internal server error',
    ],
  ])(
    "%i: %s with reason %s and Kargo's message",
    async (status, name, code, words) => {
      kargoSays(status, words);
      const error = await apiClient()
        .promote('checkout', 'prod', { freight: 'f0e1d2c3b4a5' }, PERSON)
        .catch(e => e);
      expect(error.name).toBe(name);
      expect(reasonOf(error)).toEqual({
        code,
        params: { instance: 'prod-cluster', message: words },
      });
      expect(error.message).toContain(words);
      expect(error.message).toContain("'prod-cluster'");
    },
  );

  it('a 401 to a person says sign in again (401); to the portal it is a setup problem (503)', async () => {
    kargoSays(401, 'invalid token');
    const person = await apiClient()
      .reverify('checkout', 'prod', PERSON)
      .catch(e => e);
    expect(person).toMatchObject({
      name: 'AuthenticationError',
      code: 'kargoSignInAgain',
      params: { instance: 'prod-cluster', message: 'invalid token' },
    });
    const portal = await apiClient()
      .reverify('checkout', 'prod', PORTAL)
      .catch(e => e);
    expect(portal).toMatchObject({
      name: 'ServiceUnavailableError',
      code: 'kargoApiTokenRejected',
    });
  });

  it("a proxy's error page is not quoted: the status stands in for Kargo's words", async () => {
    kargo(
      () =>
        new HttpResponse('<html>502 Bad Gateway</html>', {
          status: 502,
          headers: { 'content-type': 'text/html' },
        }),
    );
    await expect(
      apiClient().abortVerification('checkout', 'prod', PERSON),
    ).rejects.toMatchObject({
      name: 'ServiceUnavailableError',
      code: 'kargoApiUnavailable',
      params: { instance: 'prod-cluster', message: 'HTTP 502' },
    });
  });
});

describe('KargoApiHttpClient: an api.url that is not Kargo', () => {
  it('says so when a 200 is not JSON (a web page), quoting none of it', async () => {
    kargo(
      () =>
        new HttpResponse('<html>Welcome to nginx</html>', {
          status: 200,
          headers: { 'content-type': 'text/html' },
        }),
    );
    const error = await apiClient()
      .getPublicServerConfig()
      .catch(e => e);
    expect(error).toMatchObject({
      name: 'ServiceUnavailableError',
      code: 'kargoApiUnavailable',
      params: {
        instance: 'prod-cluster',
        message: 'an answer that is not JSON; check api.url',
      },
    });
    expect(error.message).not.toContain('nginx');
  });
});

describe('KargoApiHttpClient.resolveIdentity', () => {
  it('with identity user: the person when present, else the portal token, else refused', () => {
    expect(apiClient().resolveIdentity(ID_TOKEN)).toEqual(PERSON);
    expect(apiClient().resolveIdentity()).toEqual(PORTAL);
    expect(() => apiClient({ token: undefined }).resolveIdentity()).toThrow(
      expect.objectContaining({ code: 'kargoIdentityRequired' }),
    );
  });

  it('with identity portal: always the portal, even when a person is present', () => {
    expect(apiClient({ identity: 'portal' }).resolveIdentity(ID_TOKEN)).toEqual(
      PORTAL,
    );
  });
});
