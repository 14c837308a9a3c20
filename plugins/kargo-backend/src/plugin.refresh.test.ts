import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { DEMO_TOKENS, startSandbox } from '@kargo-backstage/kargo-sandbox';
import request from 'supertest';
import {
  ADMIN_TOKEN,
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from './__testUtils__/backend';

// Real servers (the sandbox and its Kargo API, a backend).
jest.setTimeout(30_000);

const PROJECT = 'checkout';
const STAGE = 'staging';
const WAREHOUSE = 'checkout';
const BASE = `/api/kargo/projects/${PROJECT}/stages/${STAGE}`;

/** The refresh token Kargo's API server wrote on the Warehouse, if any. */
async function refreshedAt(
  backend: KargoTestBackend,
  plural: string,
  name: string,
) {
  const res = await fetch(
    `${backend.sandbox.url}/apis/kargo.akuity.io/v1alpha1/namespaces/${PROJECT}/${plural}/${name}`,
    { headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } },
  );
  const object = await res.json();
  return object.metadata?.annotations?.['kargo.akuity.io/refresh'];
}

const audited = (backend: KargoTestBackend) =>
  backend.auditor.createEvent.mock.calls.map(([e]) => e);

describe('POST .../stages/{stage}/refresh-warehouses and .../refresh', () => {
  it("refreshes the Warehouse the Stage requests Freight from through Kargo's API, audited", async () => {
    const backend = await startKargoTestBackend();
    try {
      const res = await request(backend.server)
        .post(`${BASE}/refresh-warehouses`)
        .set('Authorization', user());
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ warehouses: [WAREHOUSE], actedAs: 'portal' });
      expect(await refreshedAt(backend, 'warehouses', WAREHOUSE)).toBeTruthy();
      expect(audited(backend)).toContainEqual(
        expect.objectContaining({ eventId: 'kargo-warehouse-refresh' }),
      );

      const stage = await request(backend.server)
        .post(`${BASE}/refresh`)
        .set('Authorization', user());
      expect(stage.status).toBe(200);
      expect(stage.body).toEqual({ actedAs: 'portal' });
      expect(await refreshedAt(backend, 'stages', STAGE)).toBeTruthy();
      expect(audited(backend)).toContainEqual(
        expect.objectContaining({ eventId: 'kargo-stage-refresh' }),
      );
    } finally {
      await backend.stop();
    }
  });

  it('answers 403 when kargo.stage.refresh is denied, before asking Kargo; nothing is refreshed', async () => {
    const backend = await startKargoTestBackend({
      result: AuthorizeResult.DENY,
      allowRead: true,
    });
    try {
      const before = JSON.stringify(backend.sandbox.kargoApi.stats());
      for (const path of ['refresh-warehouses', 'refresh']) {
        const res = await request(backend.server)
          .post(`${BASE}/${path}`)
          .set('Authorization', user());
        expect(res.status).toBe(403);
        expect(res.body.error.message).toContain('kargo.stage.refresh');
      }
      expect(JSON.stringify(backend.sandbox.kargoApi.stats())).toBe(before);
      expect(
        await refreshedAt(backend, 'warehouses', WAREHOUSE),
      ).toBeUndefined();
    } finally {
      await backend.stop();
    }
  });

  it('refuses a Warehouse the Stage does not request Freight from (400, in words), asking Kargo nothing', async () => {
    const backend = await startKargoTestBackend();
    try {
      const before = JSON.stringify(backend.sandbox.kargoApi.stats());
      const res = await request(backend.server)
        .post(`${BASE}/refresh-warehouses?warehouse=payments`)
        .set('Authorization', user());
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(
        `Stage ${STAGE} of project ${PROJECT} requests no Freight from Warehouse payments (it does from ${WAREHOUSE})`,
      );
      expect(JSON.stringify(backend.sandbox.kargoApi.stats())).toBe(before);
    } finally {
      await backend.stop();
    }
  });

  it("shows Kargo's refusal in its words when Kargo rejects the portal's token; nothing is refreshed", async () => {
    const sandbox = await startSandbox({
      port: 0,
      tokens: DEMO_TOKENS,
      stepDelayMs: 20,
    });
    const backend = await startKargoTestBackend({
      sandbox,
      api: { url: sandbox.kargoApiUrl, identity: 'portal', token: 'revoked' },
    });
    try {
      const res = await request(backend.server)
        .post(`${BASE}/refresh-warehouses`)
        .set('Authorization', user());
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('kargoApiTokenRejected');
      expect(
        await refreshedAt(backend, 'warehouses', WAREHOUSE),
      ).toBeUndefined();
    } finally {
      await backend.stop();
    }
  });
});
