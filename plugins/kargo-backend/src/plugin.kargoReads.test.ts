import {
  coreServices,
  createServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockCredentials } from '@backstage/backend-test-utils';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import request from 'supertest';
import { startAuthorizeReadsBackend } from './__testUtils__/authorizeReads';
import {
  capturingRootLogger,
  LogCapture,
} from './__tests__/reliability/__testUtils__/capturingLogger';
import type { KargoTestBackend } from './__testUtils__/backend';

// Real servers (the sandbox, its OpenID provider and Kargo API, a backend).
jest.setTimeout(60_000);

const STOREFRONT = '/api/kargo/entities/component/default/storefront/stages';
const KARGO_HEADER = 'Backstage-Kargo-Authorization';

/**
 * `api.authorizeReads`: a person sees a project's Stages only where Kargo
 * lists them to that person. In the sandbox, bob is mapped (by his `groups`
 * claim) to the viewer account of `checkout` only: this test takes his
 * binding in `payments` away, as a platform team would.
 */
describe('reads authorized by Kargo for the person (api.authorizeReads)', () => {
  let sandbox: Sandbox;
  let backend: KargoTestBackend;
  let alice: string;
  let bob: string;
  const as = (who: string) =>
    mockCredentials.user.header(`user:default/${who}`);
  const listCalls = () =>
    Object.values(sandbox.kargoApi.reads().listStages ?? {}).reduce(
      (a, b) => a + b,
      0,
    );

  let stop: () => Promise<void>;
  const logs = new LogCapture();
  beforeAll(async () => {
    const started = await startAuthorizeReadsBackend({
      logger: createServiceFactory({
        service: coreServices.rootLogger,
        deps: {},
        factory: () => capturingRootLogger(logs),
      }),
    });
    ({ sandbox, backend, stop } = started);
    ({ alice, bob } = started.tokens);
  });
  afterAll(() => stop());

  const storefront = async (who: string, token?: string) => {
    const req = request(backend.server)
      .get(STOREFRONT)
      .set('Authorization', as(who));
    if (token) req.set(KARGO_HEADER, `Bearer ${token}`);
    const res = await req;
    expect(res.status).toBe(200);
    return (res.body.items as StageDetail[])
      .map(s => `${s.project}/${s.name}`)
      .sort();
  };

  it('shows each person what Kargo shows them: alice both projects, bob only checkout (Kargo refuses him payments), each project asked of Kargo once', async () => {
    sandbox.kargoApi.reset();
    expect(await storefront('alice', alice)).toEqual([
      'checkout/staging',
      'payments/uat',
    ]);
    expect(await storefront('bob', bob)).toEqual(['checkout/staging']);
    // The same Stage by its own route: Kargo's no is the same 404 as a
    // Stage that does not exist.
    const denied = await request(backend.server)
      .get('/api/kargo/projects/payments/stages/uat')
      .set('Authorization', as('bob'))
      .set(KARGO_HEADER, `Bearer ${bob}`);
    const missing = await request(backend.server)
      .get('/api/kargo/projects/payments/stages/no-such-stage')
      .set('Authorization', as('bob'))
      .set(KARGO_HEADER, `Bearer ${bob}`);
    expect(denied.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(denied.body.error.message).toBe(
      missing.body.error.message.replace('no-such-stage', 'uat'),
    );
    // The entity's project `missing` is asked of Kargo too (404), as a
    // hidden one is: one cost for both (issue 35, attacks 19 and 20).
    expect(sandbox.kargoApi.reads().listStages).toEqual({
      200: 3,
      403: 1,
      404: 2,
    });
  });

  it('asks Kargo at most once per person and project a minute, however many reads and Stages', async () => {
    sandbox.kargoApi.reset();
    for (let i = 0; i < 5; i++) {
      await storefront('alice', alice);
      const res = await request(backend.server)
        .get('/api/kargo/projects/checkout/stages/prod')
        .set('Authorization', as('alice'))
        .set(KARGO_HEADER, `Bearer ${alice}`);
      expect(res.status).toBe(200);
    }
    // Both answers came from the first test's minute: no call at all.
    expect(listCalls()).toBe(0);
  });

  it('shows a person without a token for Kargo none of the instance, without asking Kargo', async () => {
    sandbox.kargoApi.reset();
    expect(await storefront('carol')).toEqual([]);
    expect(listCalls()).toBe(0);
  });

  it('never shows a Stage Backstage denies, and never asks Kargo about it', async () => {
    sandbox.kargoApi.reset();
    const policy = backend.permissions.authorize.getMockImplementation();
    backend.permissions.authorize.mockImplementation(async requests =>
      requests.map(() => ({ result: AuthorizeResult.DENY })),
    );
    try {
      expect(await storefront('dave', alice)).toEqual([]);
    } finally {
      backend.permissions.authorize.mockImplementation(policy);
    }
    expect(listCalls()).toBe(0);
  });

  it('shows nothing for a token Kargo refuses (expired: 401), and the token is in no log line or answer', async () => {
    // Shaped like an ID token; no key of the sandbox's issuer signed it.
    const forged =
      'eyJhbGciOiJSUzI1NiIsImtpZCI6InRlc3QifQ.eyJlbWFpbCI6ImVyaW5AZXhhbXBsZS5jb20ifQ.bm90LXNpZ25lZA';
    const res = await request(backend.server)
      .get(STOREFRONT)
      .set('Authorization', as('erin'))
      .set(KARGO_HEADER, `Bearer ${forged}`);
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(JSON.stringify(res.body)).not.toContain(forged);
    expect(sandbox.kargoApi.reads().listStages?.[401]).toBeGreaterThan(0);
    // The refusal is logged (so the capture sees these lines), without a token.
    expect(
      logs.containing(['did not answer whether a person may read']).length,
    ).toBeGreaterThan(0);
    expect(logs.containing([forged, alice, bob])).toEqual([]);
  });
});
