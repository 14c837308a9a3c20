import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import request from 'supertest';
import {
  ADMIN_TOKEN,
  sandboxClient,
  startKargoTestBackend,
  user,
  waitFor,
  type KargoTestBackend,
} from './__testUtils__/backend';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

describe('kargo backend plugin writing to the sandbox', () => {
  let backend: KargoTestBackend;
  beforeEach(async () => {
    backend = await startKargoTestBackend();
  });
  afterEach(async () => {
    await backend.stop();
  });

  it('reverifies through the API: a new AnalysisRun appears and the next refresh shows it', async () => {
    await backend.refresh();
    const before = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages/staging')
      .set('Authorization', user());
    const runsBefore = (before.body as StageDetail).verifications.filter(
      v => v.analysisRun,
    ).length;

    const res = await request(backend.server)
      .post('/api/kargo/projects/checkout/stages/staging/reverify')
      .set('Authorization', user());
    expect(res.status).toBe(202);
    // No person's Kargo token came: Kargo was asked as the portal.
    expect(res.body).toEqual({ id: expect.any(String), actedAs: 'portal' });

    const client = sandboxClient(backend.sandbox.url);
    const stage = await client.getStage('checkout', 'staging');
    // Kargo's API wrote the request and its actor (not the Backstage user).
    const written = JSON.parse(
      stage.metadata!.annotations!['kargo.akuity.io/reverify'],
    );
    expect(written.id).toBe(res.body.id);
    expect(written.actor).not.toBe('user:default/alice');
    await waitFor(async () => {
      const runs = await client.listAnalysisRuns(
        'checkout',
        'kargo.akuity.io/stage=staging',
      );
      return runs.length > runsBefore ? runs : undefined;
    }, 'the sandbox to start a new AnalysisRun');

    await backend.refresh();
    const after = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages/staging')
      .set('Authorization', user());
    const runsAfter = (after.body as StageDetail).verifications.filter(
      v => v.analysisRun,
    );
    expect(runsAfter.length).toBe(runsBefore + 1);

    expect(backend.auditor.createEvent).toHaveBeenCalledWith(
      expect.objectContaining({
        eventId: 'kargo-reverify',
        severityLevel: 'medium',
        meta: {
          instance: 'sandbox',
          project: 'checkout',
          stage: 'staging',
          actor: 'user:default/alice',
        },
      }),
    );
  });

  it('turns concurrent reverify requests into at most one new verification per accepted request', async () => {
    const client = sandboxClient(backend.sandbox.url);
    const selector = 'kargo.akuity.io/stage=staging';
    const runsBefore = (await client.listAnalysisRuns('checkout', selector))
      .length;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        request(backend.server)
          .post('/api/kargo/projects/checkout/stages/staging/reverify')
          .set('Authorization', user()),
      ),
    );
    const statuses = answers.map(a => a.status);
    expect(statuses.filter(s => s !== 202 && s !== 409)).toEqual([]);
    expect(statuses).toContain(202);
    // Kargo's API decides on its own read of the Stage: every accepted
    // request starts at most one new run, and some start one.
    const accepted = answers.filter(a => a.status === 202);
    const settled = await waitFor(async () => {
      const s = await client.getStage('checkout', 'staging');
      const phase =
        s.status?.freightHistory?.[0]?.verificationHistory?.[0]?.phase;
      const runs = await client.listAnalysisRuns('checkout', selector);
      const done = phase && phase !== 'Pending' && phase !== 'Running';
      return done && runs.length > runsBefore ? runs : undefined;
    }, 'the new verifications to finish');
    expect(settled.length).toBeLessThanOrEqual(runsBefore + accepted.length);
  });

  it('answers 409 with the reason when there is nothing to abort', async () => {
    const res = await request(backend.server)
      .post('/api/kargo/projects/checkout/stages/staging/abort-verification')
      .set('Authorization', user());
    expect(res.status).toBe(409);
    expect(res.body.error.name).toBe('ConflictError');
    expect(res.body.error.message).not.toBe('');
    expect(backend.auditor.createEvent).toHaveBeenCalledWith(
      expect.objectContaining({ eventId: 'kargo-verification-abort' }),
    );
  });

  it('keeps serving the last snapshot, stale, when the cluster goes away', async () => {
    await backend.refresh();
    await backend.sandbox.stop();
    await backend.refresh();
    const res = await request(backend.server)
      .get('/api/kargo/projects/checkout/stages/staging')
      .set('Authorization', user());
    expect(res.status).toBe(200);
    expect(res.body.stale).toBe(true);
    expect(res.body.lastUpdated).toEqual(expect.any(String));
    const snapshot = await request(backend.server)
      .get('/api/kargo/snapshot')
      .set(
        'Authorization',
        mockCredentials.service.header({
          // The catalog module's subject: the one /snapshot serves by default.
          onBehalfOf: mockCredentials.service('plugin:catalog'),
          targetPluginId: 'kargo',
        }),
      );
    expect(snapshot.body.instances[0].stale).toBe(true);
    expect(snapshot.body.instances[0].error).toContain(
      "Kargo instance 'sandbox': cannot reach the cluster",
    );
    // refresh() also runs the pull-request pass, whose Git client retries the
    // stopped sandbox's GitHub fake a few times.
  }, 30_000);
});

describe('kargo backend plugin with an unreachable cluster and no snapshot', () => {
  it('answers 503 with a message naming the instance', async () => {
    const backend = await startKargoTestBackend({
      clusterUrl: 'http://127.0.0.1:9',
    });
    try {
      const res = await request(backend.server)
        .get('/api/kargo/projects/checkout/stages')
        .set('Authorization', user());
      expect(res.status).toBe(503);
      expect(res.body.error.name).toBe('ServiceUnavailableError');
      expect(res.body.error.message).toContain(
        "Kargo instance 'sandbox' is unavailable and no data was gathered from it yet",
      );
      expect(JSON.stringify(res.body)).not.toContain(ADMIN_TOKEN);
    } finally {
      await backend.stop();
    }
  });
});

describe('kargo backend plugin with a permission policy that denies', () => {
  it('answers a reverify of a Stage it may not read like a missing one (404) and leaves the Stage untouched', async () => {
    const backend = await startKargoTestBackend({
      result: AuthorizeResult.DENY,
    });
    try {
      const client = sandboxClient(backend.sandbox.url);
      const before = await client.getStage('checkout', 'staging');
      const res = await request(backend.server)
        .post('/api/kargo/projects/checkout/stages/staging/reverify')
        .set('Authorization', user());
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('stageNotFound');
      const after = await client.getStage('checkout', 'staging');
      expect(after.metadata?.annotations).toEqual(before.metadata?.annotations);

      // Reads answer "not allowed" exactly like "not found".
      const read = await request(backend.server)
        .get('/api/kargo/projects/checkout/stages/staging')
        .set('Authorization', user());
      expect(read.status).toBe(404);
      const list = await request(backend.server)
        .get('/api/kargo/projects/checkout/stages')
        .set('Authorization', user());
      expect(list.status).toBe(404);
    } finally {
      await backend.stop();
    }
  });
});
