import {
  coreServices,
  createServiceFactory,
} from '@backstage/backend-plugin-api';
import { mockCredentials } from '@backstage/backend-test-utils';
import request from 'supertest';
import {
  capturingRootLogger,
  LogCapture,
} from './__tests__/reliability/__testUtils__/capturingLogger';
import {
  PORTAL_TOKEN,
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from './__testUtils__/backend';

// Real servers (the sandbox and its Kargo API, a backend).
jest.setTimeout(30_000);

// Shaped like an ID token; the sandbox's Kargo API cannot verify it (no key
// of its issuer signed it), so Kargo answers 401 as it does for an expired one.
const PERSON_TOKEN =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6InRlc3QifQ.eyJlbWFpbCI6ImFsaWNlQGV4YW1wbGUuY29tIn0.bm90LXNpZ25lZC1ieS1rYXJnbw';
const REVERIFY = '/api/kargo/projects/checkout/stages/staging/reverify';

describe("writes as the person through Kargo's API (Backstage-Kargo-Authorization)", () => {
  let backend: KargoTestBackend;
  const logs = new LogCapture();
  beforeAll(async () => {
    backend = await startKargoTestBackend({
      identity: 'user',
      logger: createServiceFactory({
        service: coreServices.rootLogger,
        deps: {},
        factory: () => capturingRootLogger(logs),
      }),
    });
  });
  afterAll(() => backend.stop());

  const audited = () =>
    JSON.stringify(
      backend.auditor.createEvent.mock.calls.map(([e]) => ({
        eventId: e.eventId,
        meta: e.meta,
      })),
    );

  it("forwards the person's token to Kargo as the user: Kargo's 401 is 'sign in again', nothing is written, and the token is in no log line or audit event", async () => {
    const statsBefore = JSON.stringify(backend.sandbox.kargoApi.stats());
    const res = await request(backend.server)
      .post(REVERIFY)
      .set('Authorization', user())
      .set('Backstage-Kargo-Authorization', `Bearer ${PERSON_TOKEN}`);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      name: 'AuthenticationError',
      code: 'kargoSignInAgain',
      params: { instance: 'sandbox' },
    });
    expect(JSON.stringify(res.body)).not.toContain(PERSON_TOKEN);
    // Kargo counted the refused call; the portal was not used instead.
    expect(JSON.stringify(backend.sandbox.kargoApi.stats())).not.toBe(
      statsBefore,
    );
    expect(logs.containing([PERSON_TOKEN, PORTAL_TOKEN])).toEqual([]);
    expect(audited()).not.toContain(PERSON_TOKEN);
    expect(audited()).toContain('kargo-reverify');
  });

  it("never lends a person without the header the portal's rights: 401 kargoIdentityRequired (sign in), nothing asked of Kargo", async () => {
    const statsBefore = JSON.stringify(backend.sandbox.kargoApi.stats());
    const res = await request(backend.server)
      .post(REVERIFY)
      .set('Authorization', user());
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('kargoIdentityRequired');
    expect(JSON.stringify(backend.sandbox.kargoApi.stats())).toBe(statsBefore);
  });

  it("acts as the portal for a service (no person present), and says so; the portal's token is in no log line", async () => {
    const res = await request(backend.server)
      .post(REVERIFY)
      .set(
        'Authorization',
        mockCredentials.service.header({
          onBehalfOf: mockCredentials.service('plugin:scaffolder'),
          targetPluginId: 'kargo',
        }),
      );
    expect(res.status).toBe(202);
    expect(res.body.actedAs).toBe('portal');
    expect(logs.containing([PORTAL_TOKEN])).toEqual([]);
    expect(audited()).not.toContain(PORTAL_TOKEN);
  });

  it('refuses a malformed header with 400 that does not repeat it', async () => {
    const res = await request(backend.server)
      .post(REVERIFY)
      .set('Authorization', user())
      .set('Backstage-Kargo-Authorization', 'Token secret-value-123');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain('secret-value-123');
    expect(logs.containing(['secret-value-123'])).toEqual([]);
  });

  it('answers 401 to a write without Backstage credentials, whatever the Kargo header says', async () => {
    const res = await request(backend.server)
      .post(REVERIFY)
      .set('Authorization', mockCredentials.none.header())
      .set('Backstage-Kargo-Authorization', `Bearer ${PERSON_TOKEN}`);
    expect(res.status).toBe(401);
  });
});

describe('an instance without a portal token', () => {
  it("refuses a service's write with kargoIdentityRequired (401), before asking Kargo", async () => {
    const backend = await startKargoTestBackend({
      api: { url: 'http://127.0.0.1:1/kargo-api', authProvider: 'oidc' },
    });
    try {
      const res = await request(backend.server)
        .post(REVERIFY)
        .set(
          'Authorization',
          mockCredentials.service.header({
            onBehalfOf: mockCredentials.service('plugin:scaffolder'),
            targetPluginId: 'kargo',
          }),
        );
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('kargoIdentityRequired');
    } finally {
      await backend.stop();
    }
  });
});
