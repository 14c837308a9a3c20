import { startSandbox, Sandbox } from '../sandbox';
import { call, eventually } from '../__testUtils__/http';
import { PROMOTION_HOLD_ANNOTATION } from './promotionRequests';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const API = '/apis/kargo.akuity.io/v1alpha1/namespaces';

describe('simulated Kargo controller: promotions', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    // The controller alone: Promotions arrive as Kargo's control plane sees
    // them after admission (the webhooks are tested in kargoApi/).
    sandbox = await startSandbox({ stepDelayMs: 20, admissionWebhooks: false });
  });
  afterEach(() => sandbox.stop());

  const get = async (ns: string, kind: string, name: string) =>
    (await call(sandbox, 'GET', `${API}/${ns}/${kind}/${name}`)).body;
  const freightByAlias = async (ns: string, alias: string) =>
    (
      await call(
        sandbox,
        'GET',
        `${API}/${ns}/freights?labelSelector=kargo.akuity.io/alias%3D${alias}`,
      )
    ).body.items[0];
  const promote = async (
    ns: string,
    stage: string,
    freight: string,
    name: string,
  ) => {
    const s = await get(ns, 'stages', stage);
    const res = await call(sandbox, 'POST', `${API}/${ns}/promotions`, {
      body: {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Promotion',
        metadata: { name },
        spec: { stage, freight, steps: s.spec.promotionTemplate.spec.steps },
      },
    });
    expect(res.status).toBe(201);
  };
  const phaseOf = (ns: string, name: string, phases: string[]) =>
    eventually(async () => {
      const p = await get(ns, 'promotions', name);
      return phases.includes(p.status?.phase) ? p : undefined;
    });

  it('opens a PR on kargo/promotion/<name>, records it in state and succeeds once merged', async () => {
    const f = await freightByAlias('checkout', 'eager-wren');
    const name = `staging.01jsandboxtest0000000000000.${f.metadata.name.slice(
      0,
      7,
    )}`;
    await promote('checkout', 'staging', f.metadata.name, name);
    const waiting = await eventually(async () => {
      const p = await get('checkout', 'promotions', name);
      return p.status?.state?.['open-pr'] ? p : undefined;
    });
    expect(waiting.status.phase).toBe('Running');
    expect(waiting.status.state.push.branch).toBe(`kargo/promotion/${name}`);
    // git_pusher.go records the commit's web page (GitHub's provider).
    const pushed = waiting.status.state.push.commit;
    expect(waiting.status.state.push.commitURL).toBe(
      `https://github.com/acme/checkout-deploy/commit/${pushed}`,
    );
    const pr = waiting.status.state['open-pr'].pr;
    expect(pr.url).toBe(
      `https://github.com/acme/checkout-deploy/pull/${pr.id}`,
    );
    const open = sandbox.git
      .list('https://github.com/acme/checkout-deploy')
      .find(p => p.number === pr.id);
    expect(open).toMatchObject({
      state: 'open',
      sourceBranch: `kargo/promotion/${name}`,
      targetBranch: 'stage/staging',
    });

    const merged = await call(
      sandbox,
      'POST',
      `/sandbox/v1/github/acme/checkout-deploy/pulls/${pr.id}/merge`,
    );
    expect(merged.status).toBe(200);
    const done = await phaseOf('checkout', name, [
      'Succeeded',
      'Failed',
      'Errored',
    ]);
    expect(done.status.phase).toBe('Succeeded');
    const stage = await eventually(async () => {
      const s = await get('checkout', 'stages', 'staging');
      return s.status.freightHistory[0].verificationHistory?.[0]?.phase ===
        'Successful'
        ? s
        : undefined;
    });
    expect(stage.status.lastPromotion.name).toBe(name);
    expect(stage.status.currentPromotion).toBeUndefined();
    expect(
      Object.values<any>(stage.status.freightHistory[0].items)[0].name,
    ).toBe(f.metadata.name);
    const ar = await call(
      sandbox,
      'GET',
      `/apis/argoproj.io/v1alpha1/namespaces/checkout/analysisruns/${stage.status.freightHistory[0].verificationHistory[0].analysisRun.name}`,
    );
    expect(ar.body.metadata.annotations).toEqual({
      'kargo.akuity.io/promotion': name,
    });
  });

  it('resumes the demo prod Promotion waiting on PR #42 when it is merged', async () => {
    const prod = await get('checkout', 'stages', 'prod');
    const running = prod.status.currentPromotion.name;
    await call(
      sandbox,
      'POST',
      '/sandbox/v1/github/acme/checkout-deploy/pulls/42/merge',
    );
    const done = await phaseOf('checkout', running, [
      'Succeeded',
      'Failed',
      'Errored',
    ]);
    expect(done.status.phase).toBe('Succeeded');
    expect(done.status.state['wait-for-pr'].pr).toMatchObject({
      id: 42,
      merged: true,
    });
  });

  it('errors like Kargo when GitLab already has an open MR on the fixed source branch', async () => {
    const f = await freightByAlias('payments', 'humble-crane');
    const name = `prod.01jsandboxtest0000000000001.${f.metadata.name.slice(
      0,
      7,
    )}`;
    await promote('payments', 'prod', f.metadata.name, name);
    const done = await phaseOf('payments', name, [
      'Succeeded',
      'Failed',
      'Errored',
    ]);
    expect(done.status.phase).toBe('Errored');
    expect(done.status.message).toContain(
      'Another open merge request already exists for this source branch: !7',
    );
  });

  it('records an immediate Successful verification for a Stage without spec.verification', async () => {
    const f = await freightByAlias('payments', 'icy-koala');
    const name = `uat.01jsandboxtest0000000000002.${f.metadata.name.slice(
      0,
      7,
    )}`;
    await promote('payments', 'uat', f.metadata.name, name);
    expect(
      (await phaseOf('payments', name, ['Succeeded', 'Failed', 'Errored']))
        .status.phase,
    ).toBe('Succeeded');
    const vi = await eventually(async () => {
      const s = await get('payments', 'stages', 'uat');
      return Object.values<any>(s.status.freightHistory[0].items)[0].name ===
        f.metadata.name
        ? s.status.freightHistory[0].verificationHistory?.[0]
        : undefined;
    });
    expect(vi).toMatchObject({
      phase: 'Successful',
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(vi.analysisRun).toBeUndefined();
  });

  it('keeps a held Promotion Running at its step, and aborts it like Kargo when asked', async () => {
    const f = await freightByAlias('payments', 'icy-koala');
    const name = `uat.01jsandboxtest0000000000003.${f.metadata.name.slice(
      0,
      7,
    )}`;
    const s = await get('payments', 'stages', 'uat');
    const created = await call(sandbox, 'POST', `${API}/payments/promotions`, {
      body: {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Promotion',
        metadata: {
          name,
          annotations: { [PROMOTION_HOLD_ANNOTATION]: 'true' },
        },
        spec: {
          stage: 'uat',
          freight: f.metadata.name,
          steps: s.spec.promotionTemplate.spec.steps,
        },
      },
    });
    expect(created.status).toBe(201);
    const held = await eventually(async () => {
      const p = await get('payments', 'promotions', name);
      return p.status?.stepExecutionMetadata?.[0]?.status === 'Running'
        ? p
        : undefined;
    });
    expect(held.status).toMatchObject({ phase: 'Running', currentStep: 0 });

    const patched = await call(
      sandbox,
      'PATCH',
      `${API}/payments/promotions/${name}`,
      {
        body: {
          metadata: {
            annotations: {
              'kargo.akuity.io/abort':
                '{"action":"terminate","actor":"user:default/alice"}',
            },
          },
        },
        contentType: 'application/merge-patch+json',
      },
    );
    expect(patched.status).toBe(200);
    const aborted = await phaseOf('payments', name, ['Aborted', 'Succeeded']);
    expect(aborted.status).toMatchObject({
      phase: 'Aborted',
      message: 'Promotion terminated by user:default/alice',
      finishedAt: expect.any(String),
    });
    expect(aborted.status.stepExecutionMetadata[0].status).toBe('Aborted');
    const stage = await eventually(async () => {
      const st = await get('payments', 'stages', 'uat');
      return st.status.lastPromotion?.name === name ? st : undefined;
    });
    expect(stage.status.currentPromotion).toBeUndefined();
    // The Stage keeps the Freight it had: nothing was promoted.
    expect(
      Object.values<any>(stage.status.freightHistory[0].items)[0].name,
    ).not.toBe(f.metadata.name);
  });

  it('lets a held Promotion run on once the hold is lifted', async () => {
    const f = await freightByAlias('payments', 'icy-koala');
    const name = `uat.01jsandboxtest0000000000004.${f.metadata.name.slice(
      0,
      7,
    )}`;
    const s = await get('payments', 'stages', 'uat');
    await call(sandbox, 'POST', `${API}/payments/promotions`, {
      body: {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Promotion',
        metadata: {
          name,
          annotations: { [PROMOTION_HOLD_ANNOTATION]: 'true' },
        },
        spec: {
          stage: 'uat',
          freight: f.metadata.name,
          steps: s.spec.promotionTemplate.spec.steps,
        },
      },
    });
    await eventually(async () => {
      const p = await get('payments', 'promotions', name);
      return p.status?.stepExecutionMetadata?.[0]?.status === 'Running'
        ? p
        : undefined;
    });
    await call(sandbox, 'PATCH', `${API}/payments/promotions/${name}`, {
      body: {
        metadata: { annotations: { [PROMOTION_HOLD_ANNOTATION]: null } },
      },
      contentType: 'application/merge-patch+json',
    });
    expect(
      (await phaseOf('payments', name, ['Succeeded', 'Aborted'])).status.phase,
    ).toBe('Succeeded');
  });
});
