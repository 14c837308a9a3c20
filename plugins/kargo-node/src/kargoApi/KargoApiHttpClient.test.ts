import { HttpResponse } from 'msw';
import {
  apiClient,
  createdPromotion,
  ID_TOKEN,
  PORTAL_TOKEN,
} from './__testUtils__/fixtures';
import { mockKargoApi } from './__testUtils__/mockKargoApi';

const kargo = mockKargoApi();
const PERSON = { type: 'user', idToken: ID_TOKEN } as const;
const PORTAL = { type: 'portal' } as const;

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

describe('KargoApiHttpClient.getStageLinks', () => {
  it("asks Kargo for the Stage's links as the person and keeps only http(s) links without credentials", async () => {
    const seen = kargo(() =>
      HttpResponse.json({
        links: [
          {
            title: 'Argo CD',
            url: 'https://argocd.example.com/applications/argocd/checkout-uat',
            description: 'The Application',
          },
          // A template may resolve to a script URL: never a link.
          // eslint-disable-next-line no-script-url
          { title: 'Bad', url: 'javascript:alert(1)' },
          // Nor one that would show a token in the browser.
          { title: 'Creds', url: 'https://bot:s3cret@grafana.example.com/d/x' },
        ],
        errors: ['error evaluating URL template for link "x": boom'],
      }),
    );
    const answer = await apiClient().getStageLinks('checkout', 'uat', PERSON);
    expect(seen[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1beta1/projects/checkout/stages/uat/links',
      authorization: `Bearer ${ID_TOKEN}`,
    });
    expect(answer).toEqual({
      links: [
        {
          title: 'Argo CD',
          url: 'https://argocd.example.com/applications/argocd/checkout-uat',
          description: 'The Application',
        },
      ],
      errors: ['error evaluating URL template for link "x": boom'],
    });
  });

  it("keeps a Stage's first 100 links, titles and descriptions clipped, and no URL over 2,048 characters", async () => {
    // Before: every link Kargo resolved (a 1.5 MB ProjectConfig resolves
    // ~20,000), titles and descriptions whole. After: the first 100.
    kargo(() =>
      HttpResponse.json({
        links: [
          { title: 'long', url: `https://a.io/${'x'.repeat(2_048)}` },
          {
            title: 't'.repeat(5_000),
            url: 'https://a.io/first',
            description: 'd'.repeat(50_000),
          },
          ...Array.from({ length: 1_000 }, (_, i) => ({
            title: `link ${i}`,
            url: `https://a.io/${i}`,
          })),
        ],
        errors: Array.from({ length: 1_000 }, () => 'e'.repeat(10_000)),
      }),
    );
    const answer = await apiClient().getStageLinks('checkout', 'uat', PERSON);
    expect(answer.links).toHaveLength(100);
    expect(answer.links[0].url).toBe('https://a.io/first');
    expect(answer.links[0].title).toHaveLength(200);
    expect(answer.links[0].description).toHaveLength(2_000);
    expect(answer.links[99]).toEqual({
      title: 'link 98',
      url: 'https://a.io/98',
    });
    expect(answer.errors).toHaveLength(100);
    expect(answer.errors[0]).toHaveLength(2_000);
  });

  it("maps Kargo's 403 to NotAllowedError without the token", async () => {
    kargo(() => HttpResponse.json({ error: 'forbidden' }, { status: 403 }));
    const error = await apiClient()
      .getStageLinks('checkout', 'uat', PERSON)
      .catch(e => e);
    expect(error.name).toBe('NotAllowedError');
    expect(JSON.stringify(error)).not.toContain(ID_TOKEN);
  });
});
