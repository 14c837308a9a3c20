/*
 * Issue 35, attack 20a: since attack 19's askAsAboutHidden, the entity route
 * asks the permission backend about each project an entity names that does
 * not exist, one at a time. Here with the real auth, permission and kargo
 * backends over HTTP (the policy's kargo.stage.read is conditional, so each
 * question is an authorize request plus the permission backend's call to
 * the kargo plugin's apply-conditions): one view of an entity annotated with
 * 500 made-up projects (figures grow linearly with the names). Figures are logged, never asserted.
 */
import { startSandbox, DEMO_TOKENS } from '@kargo-backstage/kargo-sandbox';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import type { Entity } from '@backstage/catalog-model';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { guestUserToken, startMcpBackend } from './__testUtils__/mcpBackend';

jest.setTimeout(120_000);

const MADE_UP = Array.from(
  { length: 500 },
  (_, i) => `made-up-${String(i).padStart(4, '0')}`,
);
const entity = (name: string, projects: string, stages?: string): Entity => ({
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name,
    namespace: 'default',
    annotations: {
      'kargo.akuity.io/project': projects,
      ...(stages ? { 'kargo.akuity.io/stages': stages } : {}),
    },
  },
  spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
});

describe('attack 20a: the entity route over HTTP with the real permission backend', () => {
  let sandbox: Sandbox;
  let backend: Awaited<ReturnType<typeof startMcpBackend>>;
  let token: string;

  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, tokens: DEMO_TOKENS });
    backend = await startMcpBackend(sandbox, [
      entity('many', MADE_UP.join(',')),
      entity('one', 'checkout'),
      // A Stage name no project has: an existing project asks nothing.
      entity('probe-real', 'payments', 'zz-no-such-stage'),
      entity('probe-nope', 'no-such-project', 'zz-no-such-stage'),
    ]);
    token = await guestUserToken(backend.baseUrl);
    for (let i = 0; i < 120; i++) {
      const res = await fetch(
        `${backend.baseUrl}/api/kargo/projects/checkout/stages`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      if (res.status === 200) break;
      await new Promise(r => setTimeout(r, 250));
    }
  });
  afterAll(async () => {
    await backend?.stop();
    await sandbox?.stop();
  });

  const view = async (name: string) => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    const res = await fetch(
      `${backend.baseUrl}/api/kargo/entities/component/default/${name}/stages`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    const body = await res.json();
    const used = process.cpuUsage(cpu);
    delay.disable();
    return {
      status: res.status,
      body,
      ms: Number(process.hrtime.bigint() - started) / 1e6,
      cpuMs: (used.user + used.system) / 1000,
      maxBlockMs: delay.max / 1e6,
    };
  };

  it('answers with 500 errors after 500 sequential permission round trips', async () => {
    const one = await view('one');
    const many = await view('many');
    expect(one.status).toBe(200);
    expect(many.status).toBe(200);
    expect(many.body.errors).toHaveLength(500);
    // eslint-disable-next-line no-console
    console.log(
      `entity of 1 real project: ${one.ms.toFixed(
        0,
      )} ms wall, ${one.cpuMs.toFixed(
        0,
      )} ms CPU; entity of 500 made-up projects: ${many.ms.toFixed(
        0,
      )} ms wall, ${many.cpuMs.toFixed(
        0,
      )} ms CPU, longest event loop delay ${many.maxBlockMs.toFixed(0)} ms`,
    );
  });

  it('tells an existing project from a missing one by the time of the entity answer (stages annotation naming no Stage)', async () => {
    const real: number[] = [];
    const missing: number[] = [];
    let r: Awaited<ReturnType<typeof view>> | undefined;
    let m: Awaited<ReturnType<typeof view>> | undefined;
    for (let i = 0; i < 50; i++) {
      r = await view('probe-real');
      m = await view('probe-nope');
      if (i >= 10) {
        real.push(r.ms);
        missing.push(m.ms);
      }
    }
    const neutral = (body: unknown, name: string) =>
      JSON.parse(JSON.stringify(body).replaceAll(name, '<name>'));
    expect(neutral(r!.body, 'payments')).toEqual(
      neutral(m!.body, 'no-such-project'),
    );
    const median = (xs: number[]) =>
      [...xs].sort((a, b) => a - b)[xs.length >> 1];
    const slowerMissing = missing.filter((x, i) => x > real[i]).length;
    // eslint-disable-next-line no-console
    console.log(
      `median existing ${median(real).toFixed(2)} ms, missing ${median(
        missing,
      ).toFixed(2)} ms; missing slower in ${slowerMissing} of ${
        real.length
      } pairs`,
    );
  });
});
