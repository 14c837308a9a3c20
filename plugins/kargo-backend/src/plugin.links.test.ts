import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type {
  StageDetail,
  StageLinksResponse,
} from '@kargo-backstage/plugin-kargo-common';
import request from 'supertest';
import { startKargoTestBackend, user } from './__testUtils__/backend';

// Real servers (the sandbox and its Kargo API, a backend).
jest.setTimeout(30_000);

const LINKS = '/api/kargo/projects/checkout/stages/prod/links';
// Shaped like an ID token; the sandbox's Kargo API cannot verify it: 401.
const PERSON_TOKEN =
  'eyJhbGciOiJSUzI1NiIsImtpZCI6InRlc3QifQ.eyJlbWFpbCI6ImFsaWNlQGV4YW1wbGUuY29tIn0.bm90LXNpZ25lZC1ieS1rYXJnbw';

describe('GET /projects/{project}/stages/{stage}/links', () => {
  it("serves the Stage's ClusterConfig and ProjectConfig links as Kargo resolved them, asking Kargo once per Stage briefly", async () => {
    const backend = await startKargoTestBackend();
    try {
      await backend.refresh();
      const res = await request(backend.server)
        .get(LINKS)
        .set('Authorization', user());
      expect(res.status).toBe(200);
      expect(res.body as StageLinksResponse).toEqual({
        links: [
          {
            title: 'Runbook',
            url: 'https://runbooks.demo.example/kargo/checkout/prod',
          },
          {
            title: 'Argo CD Application',
            url: 'https://argocd.demo.example/applications/argocd/checkout-prod',
            description: 'The Application this Stage updates',
          },
          {
            title: 'Dashboard',
            url: 'https://grafana.demo.example/d/checkout?var-stage=prod',
          },
        ],
        errors: [],
      });
      const again = await request(backend.server)
        .get(LINKS)
        .set('Authorization', user());
      expect(again.body).toEqual(res.body);
      expect(backend.sandbox.kargoApi.reads().getStageLinks).toEqual({
        200: 1,
      });
    } finally {
      await backend.stop();
    }
  });

  it('answers a denied Stage with the 404 of an unknown one, without asking Kargo', async () => {
    const backend = await startKargoTestBackend({
      result: AuthorizeResult.DENY,
    });
    try {
      await backend.refresh();
      const denied = await request(backend.server)
        .get(LINKS)
        .set('Authorization', user());
      expect(denied.status).toBe(404);
      expect(denied.body.error).toMatchObject({
        name: 'NotFoundError',
        code: 'stageNotFound',
      });
      expect(backend.sandbox.kargoApi.reads().getStageLinks).toBeUndefined();
    } finally {
      await backend.stop();
    }
  });

  it('answers an unknown Stage with the same 404, without asking Kargo', async () => {
    const backend = await startKargoTestBackend();
    try {
      await backend.refresh();
      const unknown = await request(backend.server)
        .get('/api/kargo/projects/checkout/stages/nope/links')
        .set('Authorization', user());
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.code).toBe('stageNotFound');
      expect(backend.sandbox.kargoApi.reads().getStageLinks).toBeUndefined();
    } finally {
      await backend.stop();
    }
  });

  it("maps Kargo's refusal of the person's token to 'sign in again' (401), never echoing the token; the Stage's view still serves", async () => {
    const backend = await startKargoTestBackend({ identity: 'user' });
    try {
      await backend.refresh();
      const res = await request(backend.server)
        .get(LINKS)
        .set('Authorization', user())
        .set('Backstage-Kargo-Authorization', `Bearer ${PERSON_TOKEN}`);
      expect(res.status).toBe(401);
      expect(res.body.error).toMatchObject({
        name: 'AuthenticationError',
        code: 'kargoSignInAgain',
      });
      expect(JSON.stringify(res.body)).not.toContain(PERSON_TOKEN);
      const stage = await request(backend.server)
        .get('/api/kargo/projects/checkout/stages/prod')
        .set('Authorization', user());
      expect(stage.status).toBe(200);
      expect((stage.body as StageDetail).argoCdApps).toEqual([
        {
          name: 'checkout-prod',
          namespace: 'argocd',
          health: 'Progressing',
          sync: 'OutOfSync',
          url: null,
        },
      ]);
    } finally {
      await backend.stop();
    }
  });
});
