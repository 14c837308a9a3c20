import type { StageDetail } from '@kargo-backstage/plugin-kargo-common';
import request from 'supertest';
import {
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from './__testUtils__/backend';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

describe('the demo pipeline served from the snapshot', () => {
  let backend: KargoTestBackend;
  const stage = async (project: string, name: string) => {
    const res = await request(backend.server)
      .get(`/api/kargo/projects/${project}/stages/${name}`)
      .set('Authorization', user());
    expect(res.status).toBe(200);
    return res.body as StageDetail;
  };
  beforeAll(async () => {
    backend = await startKargoTestBackend();
    await backend.refresh();
  }, 60_000);
  afterAll(async () => {
    await backend.stop();
  });

  it('gives payments/prod its upstream Stages and the Promotion that failed at git-wait-for-pr', async () => {
    const prod = await stage('payments', 'prod');
    expect(prod.requestedFreight).toEqual([
      {
        origin: 'Warehouse/payments',
        direct: false,
        stages: ['uat', 'perf'],
        requiredSoakTime: null,
      },
    ]);
    const failed = prod.promotions?.find(
      p => p.failedStep?.alias === 'wait-for-pr',
    );
    expect(failed).toMatchObject({
      phase: 'Failed',
      failedStep: {
        uses: 'git-wait-for-pr',
        message: 'no PR number found in output from step "open-pr"',
      },
    });
  });

  it('says checkout/prod waits for PR #42, with its link', async () => {
    const prod = await stage('checkout', 'prod');
    expect(prod.waitingOnPullRequest).toMatchObject({
      number: 42,
      url: 'https://github.com/acme/checkout-deploy/pull/42',
      since: expect.any(String),
    });
  });

  it('offers payments/perf the hand-approved icy-koala, and humble-crane with the warning Kargo does not give', async () => {
    const perf = await stage('payments', 'perf');
    const option = (alias: string) =>
      perf.freightOptions?.find(o => o.alias === alias);
    expect(option('icy-koala')).toMatchObject({
      available: true,
      approved: true,
    });
    // Verified in qa, then re-verified there with a failure: Kargo still
    // offers it (akuity/kargo#5144); we say so.
    expect(option('humble-crane')).toMatchObject({
      available: true,
      current: true,
      reverifiedFailed: [
        { stage: 'qa', phase: 'Failed', metric: 'error-rate' },
      ],
    });
    expect(option('gentle-moose')).toMatchObject({
      available: false,
      reason: expect.stringMatching(
        /must be verified in at least one upstream Stage \(qa\)/,
      ),
      // The code and params the UI translates, beside the English reason.
      code: 'notVerifiedInAny',
      params: { freight: 'gentle-moose', stage: 'perf', upstream: ['qa'] },
    });
  });
});
