import { startSandbox, Sandbox } from '../sandbox';
import { call, eventually } from '../__testUtils__/http';
import { VERIFICATION_HOLD_ANNOTATION } from './analysisRun';
import { FAILS_AFTER_ANNOTATION } from './moving';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const STAGES = '/apis/kargo.akuity.io/v1alpha1/namespaces';
const ARS = (ns: string) =>
  `/apis/argoproj.io/v1alpha1/namespaces/${ns}/analysisruns`;

describe('simulated Kargo controller: runs that move when told', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ stepDelayMs: 25 });
  });
  afterEach(() => sandbox.stop());

  const newestVI = async (ns: string, name: string) =>
    (await call(sandbox, 'GET', `${STAGES}/${ns}/stages/${name}`)).body.status
      .freightHistory[0].verificationHistory[0];
  const patch = (path: string, annotations: Record<string, string | null>) =>
    call(sandbox, 'PATCH', path, {
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations } },
    });
  const arPhase = async (ns: string, name: string) =>
    (await call(sandbox, 'GET', `${ARS(ns)}/${name}`)).body.status.phase;

  it('the demo fixture marks the running payments/test run to fail later', async () => {
    const running = await newestVI('payments', 'test');
    const ar = (
      await call(
        sandbox,
        'GET',
        `${ARS('payments')}/${running.analysisRun.name}`,
      )
    ).body;
    expect(ar.status.phase).toBe('Running');
    expect(
      Number(ar.metadata.annotations[FAILS_AFTER_ANNOTATION]),
    ).toBeGreaterThan(60);
  });

  it('a Running run annotated fails-after-seconds turns Failed, and its Stage follows', async () => {
    const running = await newestVI('payments', 'test');
    const name = running.analysisRun.name;
    await patch(`${ARS('payments')}/${name}`, {
      [FAILS_AFTER_ANNOTATION]: '1',
    });
    // Not at once: the run stays Running until its second has passed.
    expect(await arPhase('payments', name)).toBe('Running');
    expect((await newestVI('payments', 'test')).phase).toBe('Running');

    const vi = await eventually(async () => {
      const v = await newestVI('payments', 'test');
      return v.phase === 'Failed' ? v : undefined;
    });
    expect(vi).toMatchObject({
      id: running.id,
      analysisRun: { name, phase: 'Failed' },
      message: expect.stringContaining('assessed Failed'),
    });
    expect(await arPhase('payments', name)).toBe('Failed');
  });

  it('a Stage holding its verification keeps the new run Running until the hold is removed', async () => {
    const stagePath = `${STAGES}/checkout/stages/dev`;
    const before = await newestVI('checkout', 'dev');
    await patch(stagePath, {
      [VERIFICATION_HOLD_ANNOTATION]: 'true',
      'kargo.akuity.io/reverify': before.id,
    });
    const run = await eventually(async () => {
      const v = await newestVI('checkout', 'dev');
      return v.id !== before.id && v.phase === 'Running' ? v : undefined;
    });
    // Many controller steps later it is still Running.
    await new Promise(r => setTimeout(r, 500));
    expect(await arPhase('checkout', run.analysisRun.name)).toBe('Running');
    expect((await newestVI('checkout', 'dev')).phase).toBe('Running');

    await patch(stagePath, { [VERIFICATION_HOLD_ANNOTATION]: null });
    const done = await eventually(async () => {
      const v = await newestVI('checkout', 'dev');
      return v.phase === 'Successful' ? v : undefined;
    });
    expect(done.id).toBe(run.id);
    expect(await arPhase('checkout', run.analysisRun.name)).toBe('Successful');
  });
});
