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

const promotionsOf = async (url: string, stage: string) =>
  (await sandboxClient(url).listPromotions('checkout')).filter(
    p => p.spec?.stage === stage,
  );

describe('POST /projects/:project/stages/:stage/promote', () => {
  let backend: KargoTestBackend;
  beforeEach(async () => {
    backend = await startKargoTestBackend();
  });
  afterEach(async () => {
    await backend.stop();
  });

  it('promotes Freight named by alias: the Promotion runs to the end and the Stage shows it', async () => {
    const before = await promotionsOf(backend.sandbox.url, 'dev');
    const res = await request(backend.server)
      .post('/api/kargo/projects/checkout/stages/dev/promote')
      .set('Authorization', user())
      .send({ freight: 'amber-falcon' });
    expect(res.status).toBe(201);
    expect(res.body.promotion).toMatch(/^dev\./);
    expect(res.body.actedAs).toBe('portal');

    const after = await promotionsOf(backend.sandbox.url, 'dev');
    expect(after).toHaveLength(before.length + 1);
    const created = after.find(p => p.metadata?.name === res.body.promotion)!;
    expect(created.spec?.freight).toBe(res.body.freight);
    // Kargo's API created it and recorded its own actor, not our user ref.
    const kargoActor =
      created.metadata?.annotations?.['kargo.akuity.io/create-actor'];
    expect(kargoActor).not.toBe('user:default/alice');
    const client = sandboxClient(backend.sandbox.url);
    await waitFor(async () => {
      const p = await client.getPromotion('checkout', res.body.promotion);
      return p.status?.phase === 'Succeeded' ? p : undefined;
    }, 'the Promotion to succeed');

    await backend.refresh();
    const detail = (
      await request(backend.server)
        .get('/api/kargo/projects/checkout/stages/dev')
        .set('Authorization', user())
    ).body as StageDetail;
    expect(detail.promotions?.[0]).toMatchObject({
      name: res.body.promotion,
      phase: 'Succeeded',
      freight: { name: res.body.freight, alias: 'amber-falcon' },
    });
    expect(detail.currentFreight?.alias).toBe('amber-falcon');
    expect(backend.auditor.createEvent).toHaveBeenCalledWith(
      expect.objectContaining({
        eventId: 'kargo-promote',
        severityLevel: 'high',
        meta: {
          instance: 'sandbox',
          project: 'checkout',
          stage: 'dev',
          freight: 'amber-falcon',
          actor: 'user:default/alice',
        },
      }),
    );
  });

  it('refuses Freight not available to the Stage with the reason, and writes nothing', async () => {
    const before = await promotionsOf(backend.sandbox.url, 'prod');
    const res = await request(backend.server)
      .post('/api/kargo/projects/checkout/stages/prod/promote')
      .set('Authorization', user())
      .send({ freight: 'amber-falcon' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      /must be verified in at least one upstream Stage \(staging\)/,
    );
    // The same reason as a code and params, for the UI to translate.
    expect(res.body.error).toMatchObject({
      code: 'notVerifiedInAny',
      params: { stage: 'prod', upstream: ['staging'] },
    });
    expect(await promotionsOf(backend.sandbox.url, 'prod')).toHaveLength(
      before.length,
    );
  });

  it('answers 400 for a body that names no Freight, or more than one', async () => {
    for (const body of [
      {},
      { freight: 'a', stage: 'prod' },
      { freight: '../x' },
    ]) {
      const res = await request(backend.server)
        .post('/api/kargo/projects/checkout/stages/dev/promote')
        .set('Authorization', user())
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/^Invalid request body/);
    }
  });

  it('answers 400 for Freight the project does not hold', async () => {
    const res = await request(backend.server)
      .post('/api/kargo/projects/checkout/stages/dev/promote')
      .set('Authorization', user())
      .send({ freight: 'no-such-freight' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(
      /No Freight named or aliased "no-such-freight"/,
    );
    expect(res.body.error).toMatchObject({
      code: 'freightNotFound',
      params: { freight: 'no-such-freight', project: 'checkout' },
    });
  });
});

describe('promote with a permission policy that denies kargo.stage.promote', () => {
  it('answers 403, writes no Promotion and records the failed attempt', async () => {
    const backend = await startKargoTestBackend({
      result: AuthorizeResult.DENY,
      allowRead: true,
    });
    try {
      const before = await promotionsOf(backend.sandbox.url, 'dev');
      backend.sandbox.faults.resetCounts();
      const res = await request(backend.server)
        .post('/api/kargo/projects/checkout/stages/dev/promote')
        .set('Authorization', user())
        .send({ freight: 'amber-falcon' });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        "Not allowed: kargo.stage.promote on Stage 'dev' of project 'checkout'",
      );
      // Nothing was read for it: neither the Stage nor the Freight it named.
      expect(
        backend.sandbox.faults
          .requests()
          .filter(r => /\/namespaces\/checkout\/(stages|freights)/.test(r.url))
          .filter(r => !r.url.includes('watch=true')),
      ).toEqual([]);
      expect(await promotionsOf(backend.sandbox.url, 'dev')).toHaveLength(
        before.length,
      );
      const { calls, results } = backend.auditor.createEvent.mock;
      const index = calls.findIndex(([e]) => e.eventId === 'kargo-promote');
      const event = await results[index].value;
      expect(event.fail).toHaveBeenCalledTimes(1);
      expect(event.success).not.toHaveBeenCalled();
    } finally {
      await backend.stop();
    }
  });

  it('tells a user denied everything nothing: an existing Stage answers like a missing one (404), and no cluster call runs before the check', async () => {
    const backend = await startKargoTestBackend({
      result: AuthorizeResult.DENY,
    });
    try {
      backend.sandbox.faults.resetCounts();
      const promote = (project: string, stage: string) =>
        request(backend.server)
          .post(`/api/kargo/projects/${project}/stages/${stage}/promote`)
          .set('Authorization', user())
          .send({ freight: 'amber-falcon' });
      const existing = await promote('checkout', 'dev');
      const missing = await promote('no-such-project', 'ghost');
      expect([existing.status, missing.status]).toEqual([404, 404]);
      expect([existing.body.error.code, missing.body.error.code]).toEqual([
        'stageNotFound',
        'stageNotFound',
      ]);
      // Neither answer cost a read of the Stage or the Freight it named.
      const reads = backend.sandbox.faults
        .requests()
        .filter(r =>
          /\/namespaces\/(checkout|no-such-project)\/(stages|freights)/.test(
            r.url,
          ),
        )
        .filter(r => !r.url.includes('watch=true'));
      expect(reads).toEqual([]);
    } finally {
      await backend.stop();
    }
  });
});
