import request from 'supertest';
import type { SchedulerServiceTaskInvocationDefinition } from '@backstage/backend-plugin-api';
import { mockServices } from '@backstage/backend-test-utils';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  kargoConfig,
  SECRETS,
  startReliabilityBackend,
  startSecretSandbox,
  userHeader,
  type ReliabilityBackend,
} from './__testUtils__/harness';

// Real servers on a shared, loaded machine.
jest.setTimeout(30_000);

/** Issue 15, item 6: one slow dependency never stalls everything. */
describe('each Kargo instance is refreshed on its own', () => {
  let sandbox: Sandbox;
  let hanging: Sandbox;
  let backend: ReliabilityBackend;
  const scheduler = mockServices.scheduler.mock();
  const task = (id: string) =>
    scheduler.scheduleTask.mock.calls
      .map(([t]) => t as SchedulerServiceTaskInvocationDefinition)
      .find(t => t.id === id)!;

  beforeAll(async () => {
    sandbox = await startSecretSandbox({ controller: false });
    hanging = await startSecretSandbox({ controller: false });
    const base = kargoConfig(sandbox, 1, 'poll');
    backend = await startReliabilityBackend({
      sandbox,
      // Far longer than the test: only the abort signal can end a hang.
      requestTimeoutMs: 120_000,
      services: [scheduler.factory],
      config: {
        ...base,
        kargo: {
          ...base.kargo,
          instances: [
            ...base.kargo.instances,
            {
              name: 'hanging',
              url: hanging.url,
              serviceAccountToken: SECRETS.k8s,
            },
          ],
        },
      },
    });
  });
  afterAll(async () => {
    hanging.faults.clear();
    sandbox.faults.clear();
    await backend.stop();
    await hanging.stop();
    await sandbox.stop();
  });
  afterEach(() => {
    hanging.faults.clear();
    sandbox.faults.clear();
  });

  const stages = (instance: string) =>
    request(backend.server)
      .get(`/api/kargo/projects/checkout/stages?instance=${instance}`)
      .set('Authorization', userHeader());

  it('each instance refreshes on its own task: a hanging instance never delays another', async () => {
    hanging.faults.set({ path: /^\/apis?\//, hang: true });
    const stuck = new AbortController();
    const hangingRun = task('kargo-snapshot-refresh:hanging').fn(stuck.signal);
    await task('kargo-snapshot-refresh:sandbox').fn(
      new AbortController().signal,
    );
    const res = await stages('sandbox');
    expect(res.status).toBe(200);
    expect(res.body.stale).toBe(false);
    expect(res.body.items.length).toBeGreaterThan(0);
    stuck.abort();
    await hangingRun;
  });

  it("a refresh honours the scheduler's abort signal (kargo.refresh.timeout) and serves the last data stale", async () => {
    await task('kargo-snapshot-refresh:sandbox').fn(
      new AbortController().signal,
    );
    sandbox.faults.set({ path: /^\/apis?\//, hang: true });
    const timeout = new AbortController();
    const run = task('kargo-snapshot-refresh:sandbox').fn(timeout.signal);
    timeout.abort();
    await run;
    const res = await stages('sandbox');
    expect(res.status).toBe(200);
    expect(res.body.stale).toBe(true);
    expect(res.body.items.length).toBeGreaterThan(0);
  });

  it('pull requests never delay Kargo data: a hanging Git provider leaves fresh Stages served', async () => {
    sandbox.faults.set({ path: /^\/(github|gitlab)\//, hang: true });
    await task('kargo-snapshot-refresh:sandbox').fn(
      new AbortController().signal,
    );
    const res = await stages('sandbox');
    expect(res.status).toBe(200);
    expect(res.body.stale).toBe(false);
    expect(res.body.items.map((s: { name: string }) => s.name)).toEqual([
      'dev',
      'prod',
      'staging',
    ]);
  });
});
