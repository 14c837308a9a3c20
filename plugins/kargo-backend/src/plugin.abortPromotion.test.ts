import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import request from 'supertest';
import {
  sandboxClient,
  startKargoTestBackend,
  user,
  waitFor,
  type KargoTestBackend,
} from './__testUtils__/backend';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

const ABORT = 'kargo.akuity.io/abort';

/** checkout/prod's Promotion waiting on PR #42, and its Failed one before it. */
async function prodPromotions(url: string) {
  const all = (await sandboxClient(url).listPromotions('checkout')).filter(
    p => p.spec?.stage === 'prod',
  );
  return {
    running: all.find(p => p.status?.phase === 'Running')!,
    failed: all.find(p => p.status?.phase === 'Failed')!,
  };
}

const abort = (backend: KargoTestBackend, stage: string, promotion: string) =>
  request(backend.server)
    .post(
      `/api/kargo/projects/checkout/stages/${stage}/promotions/${promotion}/abort`,
    )
    .set('Authorization', user())
    .send();

async function auditEvent(backend: KargoTestBackend) {
  const { calls, results } = backend.auditor.createEvent.mock;
  const index = calls.findIndex(([e]) => e.eventId === 'kargo-promotion-abort');
  return { call: calls[index]?.[0], event: await results[index]?.value };
}

describe('POST /projects/:project/stages/:stage/promotions/:promotion/abort', () => {
  let backend: KargoTestBackend;
  beforeEach(async () => {
    backend = await startKargoTestBackend();
  });
  afterEach(async () => {
    await backend.stop();
  });

  it('asks Kargo to terminate the running Promotion; it turns Aborted and the Stage shows who stopped it', async () => {
    const { running } = await prodPromotions(backend.sandbox.url);
    const name = running.metadata!.name!;
    const res = await abort(backend, 'prod', name);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ promotion: name, actedAs: 'portal' });

    const client = sandboxClient(backend.sandbox.url);
    const aborted = await waitFor(async () => {
      const p = await client.getPromotion('checkout', name);
      return p.status?.phase === 'Aborted' ? p : undefined;
    }, 'the Promotion to be aborted');
    // Kargo's API wrote the abort request with its own actor, not ours.
    const request_ = JSON.parse(aborted.metadata!.annotations![ABORT]);
    expect(request_.action).toBe('terminate');
    expect(request_.actor).not.toBe('user:default/alice');

    await backend.refresh();
    const detail = (
      await request(backend.server)
        .get('/api/kargo/projects/checkout/stages/prod')
        .set('Authorization', user())
    ).body as StageDetail;
    expect(detail.promotions?.find(p => p.name === name)?.phase).toBe(
      'Aborted',
    );
    expect(detail.waitingOnPullRequest).toBeNull();
    const { call, event } = await auditEvent(backend);
    expect(call).toMatchObject({
      eventId: 'kargo-promotion-abort',
      severityLevel: 'high',
      meta: {
        instance: 'sandbox',
        project: 'checkout',
        stage: 'prod',
        promotion: name,
        actor: 'user:default/alice',
      },
    });
    expect(event.success).toHaveBeenCalledTimes(1);
  });

  it('refuses a Promotion that has ended with 409 and the reason, and writes nothing', async () => {
    const { failed } = await prodPromotions(backend.sandbox.url);
    const name = failed.metadata!.name!;
    const res = await abort(backend, 'prod', name);
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(
      `Promotion ${name} has already ended (Failed); only a Pending or Running Promotion can be aborted`,
    );
    expect(res.body.error).toMatchObject({
      code: 'promotionEnded',
      params: { promotion: name, phase: 'Failed' },
    });
    const after = await sandboxClient(backend.sandbox.url).getPromotion(
      'checkout',
      name,
    );
    expect(after.metadata?.annotations?.[ABORT]).toBeUndefined();
    expect((await auditEvent(backend)).event.fail).toHaveBeenCalledTimes(1);
  });

  it("answers 404 for another Stage's Promotion (named through a Stage it does not promote into) and for a missing one, writing nothing", async () => {
    const { running } = await prodPromotions(backend.sandbox.url);
    const name = running.metadata!.name!;
    const foreign = await abort(backend, 'staging', name);
    const missing = await abort(
      backend,
      'prod',
      'prod.01jnosuchpromotion.abc1234',
    );
    expect([foreign.status, missing.status]).toEqual([404, 404]);
    expect(foreign.body.error.message).toBe(
      `Promotion ${name} of Stage staging not found in project checkout`,
    );
    // Not "another Stage's": the same code as a missing one.
    expect([foreign.body.error.code, missing.body.error.code]).toEqual([
      'promotionNotFound',
      'promotionNotFound',
    ]);
    const after = await sandboxClient(backend.sandbox.url).getPromotion(
      'checkout',
      name,
    );
    expect(after.metadata?.annotations?.[ABORT]).toBeUndefined();
    expect(after.status?.phase).toBe('Running');
  });

  it('answers 400 for a malformed Promotion name or a body', async () => {
    const bad = await abort(backend, 'prod', 'Not_A_Name');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/promotion/);
    const { running } = await prodPromotions(backend.sandbox.url);
    const withBody = await request(backend.server)
      .post(
        `/api/kargo/projects/checkout/stages/prod/promotions/${
          running.metadata!.name
        }/abort`,
      )
      .set('Authorization', user())
      .send({ promotion: 'other' });
    expect(withBody.status).toBe(400);
  });
});

describe('abort with a permission policy that denies kargo.stage.promote', () => {
  it('answers 403 before any cluster call (a missing Promotion alike), writes nothing and records the failure', async () => {
    const backend = await startKargoTestBackend({
      result: AuthorizeResult.DENY,
      allowRead: true,
    });
    try {
      const { running } = await prodPromotions(backend.sandbox.url);
      const name = running.metadata!.name!;
      backend.sandbox.faults.resetCounts();
      const existing = await abort(backend, 'prod', name);
      const missing = await abort(
        backend,
        'prod',
        'prod.01jnosuchpromotion.abc1234',
      );
      expect([existing.status, missing.status]).toEqual([403, 403]);
      expect(existing.body.error.message).toBe(
        "Not allowed: kargo.stage.promote on Stage 'prod' of project 'checkout'",
      );
      const reads = backend.sandbox.faults
        .requests()
        .filter(r => /\/namespaces\/checkout\/promotions\//.test(r.url));
      expect(reads).toEqual([]);
      const after = await sandboxClient(backend.sandbox.url).getPromotion(
        'checkout',
        name,
      );
      expect(after.metadata?.annotations?.[ABORT]).toBeUndefined();
      expect((await auditEvent(backend)).event.fail).toHaveBeenCalledTimes(1);
    } finally {
      await backend.stop();
    }
  });
});
