import request from 'supertest';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import {
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from './__testUtils__/harness';
import { stageWriteState } from '@kargo-backstage/kargo-sandbox';

// Backend start-up on a shared, loaded machine can take several seconds.
jest.setTimeout(45_000);

const sleep = (ms: number) => new Promise(r => setTimeout(r, ms));

describe('50 simultaneous reverify requests on one Stage', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;

  beforeAll(async () => {
    // The simulated Kargo controller acts on the annotation like Kargo does.
    // Its steps take 2 s, so the new run is still Running when the last of
    // the burst arrives (a real AnalysisRun takes far longer): a request
    // after it finished could legitimately start another one.
    sandbox = await startSecretSandbox({ stepDelayMs: 2000 });
    backend = await startReliabilityBackend({ sandbox });
    await backend.refresh();
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('start exactly one new verification; every answer is 202 or 409', async () => {
    const before = stageWriteState(sandbox, 'checkout', 'staging');
    const detailBefore = (
      await request(backend.server)
        .get('/api/kargo/projects/checkout/stages/staging')
        .set('Authorization', userHeader())
    ).body as StageDetail;
    expect(detailBefore.actions.reverify.allowed).toBe(true);

    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        request(backend.server)
          .post('/api/kargo/projects/checkout/stages/staging/reverify')
          .set('Authorization', userHeader()),
      ),
    );
    const statuses = answers.map(a => a.status);
    expect(statuses.filter(s => s !== 202 && s !== 409)).toEqual([]);
    const accepted = answers.filter(a => a.status === 202);
    expect(accepted.length).toBeGreaterThanOrEqual(1);
    // Every 409 says why; every 202 names the same verification.
    for (const conflict of answers.filter(a => a.status === 409)) {
      expect(conflict.body.error.message).toEqual(expect.any(String));
    }
    const ids = new Set(accepted.map(a => a.body.id));
    expect(ids.size).toBe(1);

    // No lost update: the annotation holds what an accepted request wrote.
    const written = stageWriteState(sandbox, 'checkout', 'staging');
    expect(JSON.parse(written.annotations['kargo.akuity.io/reverify'])).toEqual(
      {
        id: [...ids][0],
        // The Kubernetes fallback: Kargo's webhook records the token's identity.
        actor: 'kubernetes:kubernetes-admin',
      },
    );

    // Exactly one new AnalysisRun appears, and no second one follows.
    for (let i = 0; i < 200; i++) {
      if (
        stageWriteState(sandbox, 'checkout', 'staging').analysisRuns.length >
        before.analysisRuns.length
      )
        break;
      await sleep(50);
    }
    await sleep(1000);
    const after = stageWriteState(sandbox, 'checkout', 'staging');
    const created = after.analysisRuns.filter(
      n => !before.analysisRuns.includes(n),
    );
    expect(created).toHaveLength(1);

    // The next refresh shows that one run as the newest current verification.
    await backend.refresh();
    const detail = (
      await request(backend.server)
        .get('/api/kargo/projects/checkout/stages/staging')
        .set('Authorization', userHeader())
    ).body as StageDetail;
    expect(detail.verifications).toHaveLength(
      detailBefore.verifications.length + 1,
    );
    expect(detail.verifications[0]).toMatchObject({
      analysisRun: expect.objectContaining({ name: created[0] }),
      current: true,
    });
  });
});
