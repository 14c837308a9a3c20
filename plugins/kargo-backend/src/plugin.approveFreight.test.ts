import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Freight } from '@kargo-backstage/plugin-kargo-common';
import request from 'supertest';
import {
  ADMIN_TOKEN,
  sandboxClient,
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from './__testUtils__/backend';

// Real servers (the sandbox and its Kargo API, a backend).
jest.setTimeout(30_000);

const PROJECT = 'checkout';
const STAGE = 'prod';
const APPROVE = `/api/kargo/projects/${PROJECT}/stages/${STAGE}/approve`;

/** The project's Freight, as Kargo holds it. */
async function freightOf(backend: KargoTestBackend): Promise<Freight[]> {
  return sandboxClient(backend.sandbox.url).listFreight(PROJECT);
}

/** A Freight of the project not yet approved for the Stage. */
async function unapproved(backend: KargoTestBackend): Promise<Freight> {
  const found = (await freightOf(backend)).find(
    f => !(f.status as any)?.approvedFor?.[STAGE],
  );
  if (!found) throw new Error(`every Freight is approved for ${STAGE}`);
  return found;
}

async function approvedFor(backend: KargoTestBackend, name: string) {
  const freight = (await freightOf(backend)).find(
    f => f.metadata?.name === name,
  );
  return Object.keys((freight?.status as any)?.approvedFor ?? {});
}

const audited = (backend: KargoTestBackend) =>
  backend.auditor.createEvent.mock.calls.map(([e]) => e);

describe('POST /projects/{project}/stages/{stage}/approve', () => {
  it("approves Freight for the Stage through Kargo's API, audited as kargo-freight-approve", async () => {
    const backend = await startKargoTestBackend();
    try {
      const freight = await unapproved(backend);
      const name = freight.metadata!.name!;
      const res = await request(backend.server)
        .post(APPROVE)
        .set('Authorization', user())
        .send({ freight: freight.alias ?? name });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ freight: name, actedAs: 'portal' });
      expect(await approvedFor(backend, name)).toContain(STAGE);
      expect(audited(backend)).toContainEqual(
        expect.objectContaining({
          eventId: 'kargo-freight-approve',
          severityLevel: 'high',
        }),
      );
    } finally {
      await backend.stop();
    }
  });

  it('answers 403 when kargo.freight.approve is denied, before asking Kargo; nothing is approved', async () => {
    const backend = await startKargoTestBackend({
      result: AuthorizeResult.DENY,
      allowRead: true,
    });
    try {
      const freight = await unapproved(backend);
      const before = JSON.stringify(backend.sandbox.kargoApi.stats());
      const res = await request(backend.server)
        .post(APPROVE)
        .set('Authorization', user())
        .send({ freight: freight.metadata!.name });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toContain('kargo.freight.approve');
      expect(JSON.stringify(backend.sandbox.kargoApi.stats())).toBe(before);
      expect(await approvedFor(backend, freight.metadata!.name!)).not.toContain(
        STAGE,
      );
    } finally {
      await backend.stop();
    }
  });

  it("shows Kargo's refusal in its words when Kargo's RBAC says no; nothing is approved", async () => {
    const backend = await startKargoTestBackend({ grantPortal: false });
    try {
      // Kargo's RBAC no longer binds the portal's account in the project.
      const unbound = await fetch(
        `${backend.sandbox.url}/apis/rbac.authorization.k8s.io/v1/namespaces/${PROJECT}/rolebindings/kargo-portal`,
        {
          method: 'DELETE',
          headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
        },
      );
      expect(unbound.status).toBe(200);
      const freight = await unapproved(backend);
      const res = await request(backend.server)
        .post(APPROVE)
        .set('Authorization', user())
        .send({ freight: freight.metadata!.name });
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe('kargoForbidden');
      expect(res.body.error.params.message).toMatch(/forbidden/);
      expect(await approvedFor(backend, freight.metadata!.name!)).not.toContain(
        STAGE,
      );
    } finally {
      await backend.stop();
    }
  });

  it('refuses Freight the project does not hold and a body without one (400), asking Kargo nothing', async () => {
    const backend = await startKargoTestBackend();
    try {
      const before = JSON.stringify(backend.sandbox.kargoApi.stats());
      const missing = await request(backend.server)
        .post(APPROVE)
        .set('Authorization', user())
        .send({ freight: 'no-such-freight' });
      expect(missing.status).toBe(400);
      expect(missing.body.error.code).toBe('freightNotFound');
      const empty = await request(backend.server)
        .post(APPROVE)
        .set('Authorization', user())
        .send({});
      expect(empty.status).toBe(400);
      expect(JSON.stringify(backend.sandbox.kargoApi.stats())).toBe(before);
    } finally {
      await backend.stop();
    }
  });

  it("says plainly that approving needs Kargo's API on a writes: kubernetes instance", async () => {
    const backend = await startKargoTestBackend({
      api: false,
      writes: 'kubernetes',
    });
    try {
      const freight = await unapproved(backend);
      const res = await request(backend.server)
        .post(APPROVE)
        .set('Authorization', user())
        .send({ freight: freight.metadata!.name });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(
        /Approving Freight needs Kargo's API/,
      );
      expect(await approvedFor(backend, freight.metadata!.name!)).not.toContain(
        STAGE,
      );
    } finally {
      await backend.stop();
    }
  });
});
