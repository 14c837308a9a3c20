import request from 'supertest';
import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  USER,
  userHeader,
  type Decision,
  type ReliabilityBackend,
} from '../../__tests__/reliability/__testUtils__/harness';

// Issue 35, attack 18b: docs/rbac.md "Narrower: some projects only" tells
// deployers to hide projects from Backstage by binding the namespaced rules
// only in the project namespaces they want visible ("Projects without the
// binding show a per-project error and never blank the others"). In watch
// mode (the default) the kinds then fall back to one stream per project
// namespace, and an unbound namespace's stream fails with "may not list
// stages in '<project>'". That error becomes the whole INSTANCE's error:
// - before the first complete sync, every project of the instance answers
//   503 "no data was gathered from it yet" for as long as the namespace
//   stays unbound (i.e. always, in the documented setup);
// - after it, every Stage of the instance is served stale with that error;
// and in both cases the text names the hidden project to readers of others.
jest.setTimeout(60_000);

const CLUSTER_WIDE_STAGES =
  /^\/apis\/kargo\.akuity\.io\/v1alpha1\/stages(\?|$)/;
const PAYMENTS_STAGES =
  /^\/apis\/kargo\.akuity\.io\/v1alpha1\/namespaces\/payments\/stages/;

/** A user who may read checkout, and nothing of payments. */
const checkoutOnly = (permission: string, ref?: string): Decision =>
  permission.startsWith('kargo.') && ref?.startsWith('sandbox/payments/')
    ? AuthorizeResult.DENY
    : AuthorizeResult.ALLOW;

async function start(faults: RegExp[]) {
  const sandbox = await startSecretSandbox({ controller: false });
  for (const path of faults) sandbox.faults.set({ path, status: 403 });
  const backend = await startReliabilityBackend({
    sandbox,
    config: kargoConfig(sandbox, 1, 'watch'),
  });
  backend.decide(checkoutOnly);
  await backend.refresh();
  return { sandbox, backend };
}

const checkoutStaging = (backend: ReliabilityBackend) =>
  request(backend.server)
    .get('/api/kargo/projects/checkout/stages/staging')
    .set('Authorization', userHeader());

describe('Narrower RBAC, one project namespace unbound from the start (attack 18b)', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  beforeAll(async () => {
    ({ sandbox, backend } = await start([
      CLUSTER_WIDE_STAGES,
      PAYMENTS_STAGES,
    ]));
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('blanks every project of the instance (503), and names the hidden project in the 503 to a reader of checkout', async () => {
    // Ten resyncs later, still nothing of checkout (measured: 503 every time).
    const statuses = new Set<number>();
    let last: request.Response | undefined;
    for (let i = 0; i < 10; i++) {
      await backend.refresh();
      last = await checkoutStaging(backend);
      statuses.add(last.status);
    }
    expect([...statuses]).toEqual([503]);
    // Measured: "Kargo instance 'sandbox' is unavailable and no data was
    // gathered from it yet: Kargo instance 'sandbox': the service account of
    // instance 'sandbox' may not list stages in 'payments' (403 Forbidden); …"
    expect(last!.body.error.message).toContain("in 'payments'");
  });
});

describe('Narrower RBAC, a project namespace becomes unreadable after the first sync (attack 18b)', () => {
  let sandbox: Sandbox;
  let backend: ReliabilityBackend;
  beforeAll(async () => {
    ({ sandbox, backend } = await start([CLUSTER_WIDE_STAGES]));
  });
  afterAll(async () => {
    await backend.stop();
    await sandbox.stop();
  });

  it('serves checkout stale with an error naming payments, in the Stage route and in list-stages', async () => {
    const before = await checkoutStaging(backend);
    expect(before.status).toBe(200);
    expect(before.body.stale).toBe(false);

    // payments' binding goes (or a new, unbound Project appears); the
    // namespace streams relist at the next resync.
    sandbox.faults.set({ path: PAYMENTS_STAGES, status: 403 });
    let after: request.Response | undefined;
    for (let i = 0; i < 20; i++) {
      await backend.refresh();
      after = await checkoutStaging(backend);
      if (after.body.error) break;
    }
    expect(after!.status).toBe(200);
    expect(after!.body.stale).toBe(true);
    expect(after!.body.error).toContain("in 'payments'");

    const listed = await backend.invoke(
      'list-stages',
      { project: 'checkout' },
      mockCredentials.user(USER),
    );
    expect(listed.problems.join('\n')).toContain("in 'payments'");
  });
});
