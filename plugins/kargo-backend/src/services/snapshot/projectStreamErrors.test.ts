import { mockCredentials } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { Sandbox } from '@kargo-backstage/kargo-sandbox';
import {
  kargoConfig,
  startReliabilityBackend,
  startSecretSandbox,
  USER,
  type ReliabilityBackend,
} from '../../__tests__/reliability/__testUtils__/harness';
import {
  CHECKOUT_ONLY,
  getKargo as get,
  serviceHeader,
  withServices,
} from '../../__tests__/reliability/__testUtils__/callers';

// Issue 35, attack 18: docs/rbac.md "Narrower: some projects only" tells
// deployers to hide projects from Backstage by binding the namespaced rules
// only in the project namespaces they want visible. In watch mode the kinds
// then fall back to one stream per project namespace, and an unbound
// namespace's stream fails ("may not list stages in 'payments'"). That
// failure is the project's own, as a failed project read is in poll mode:
// the first sync completes without it, the other projects stay fresh, and
// the instance's error (told to readers of every project) never names it.
jest.setTimeout(60_000);

type Mode = 'watch' | 'poll';
/** Both modes: the claim of docs/rbac.md holds for each. */
const MODES: Mode[] = ['watch', 'poll'];
const ALLOW = AuthorizeResult.ALLOW;
const DENY = AuthorizeResult.DENY;
const CLUSTER_WIDE_STAGES =
  /^\/apis\/kargo\.akuity\.io\/v1alpha1\/stages(\?|$)/;
const PAYMENTS_STAGES =
  /^\/apis\/kargo\.akuity\.io\/v1alpha1\/namespaces\/payments\/stages/;

function checkoutOnly(backend: ReliabilityBackend) {
  backend.decide((permission, ref) =>
    permission.startsWith('kargo.') && ref?.startsWith('sandbox/payments/')
      ? DENY
      : ALLOW,
  );
  backend.decideConditional(() => CHECKOUT_ONLY);
}

function everything(backend: ReliabilityBackend) {
  backend.decide(() => ALLOW);
  backend.decideConditional(() => undefined);
}

async function start(mode: Mode, faults: RegExp[]) {
  const sandbox = await startSecretSandbox({ controller: false });
  for (const path of faults) sandbox.faults.set({ path, status: 403 });
  const backend = await startReliabilityBackend({
    sandbox,
    // A service that reads checkout only (/snapshot).
    config: withServices(kargoConfig(sandbox, 1, mode), [
      { subject: 'external:checkout-dashboard', projects: ['checkout'] },
    ]),
  });
  await backend.refresh();
  return { sandbox, backend };
}

const snapshotAsService = async (backend: ReliabilityBackend) =>
  (
    await get(
      backend,
      '/snapshot',
      serviceHeader('external:checkout-dashboard'),
    )
  ).body;

/** What a reader of checkout only is told, through every door. */
async function checkoutReaderSees(backend: ReliabilityBackend) {
  checkoutOnly(backend);
  const staging = await get(backend, '/projects/checkout/stages/staging');
  const stages = await get(backend, '/projects/checkout/stages');
  const listed = await backend.invoke(
    'list-stages',
    { project: 'checkout' },
    mockCredentials.user(USER),
  );
  const listedAll = await backend.invoke(
    'list-stages',
    {},
    mockCredentials.user(USER),
  );
  const snapshot = await snapshotAsService(backend);
  return { staging, stages, listed, listedAll, snapshot };
}

function expectCheckoutFreshWithoutPayments(
  seen: Awaited<ReturnType<typeof checkoutReaderSees>>,
) {
  expect(seen.staging.status).toBe(200);
  expect(seen.staging.body).toMatchObject({ stale: false, error: null });
  expect(seen.stages.status).toBe(200);
  expect(seen.stages.body.stale).toBe(false);
  expect(seen.listed.stages.length).toBeGreaterThan(0);
  expect(seen.listed.problems).toEqual([]);
  expect(seen.listedAll.problems).toEqual([]);
  expect(seen.snapshot.instances[0]).toMatchObject({
    stale: false,
    error: null,
    projects: ['checkout'],
    incompleteProjects: [],
  });
  for (const answer of [
    seen.staging.body,
    seen.stages.body,
    seen.listed,
    seen.listedAll,
    seen.snapshot,
  ])
    expect(JSON.stringify(answer)).not.toContain('payments');
}

describe.each(MODES)(
  'Narrower RBAC in %s mode, payments unbound from the start',
  mode => {
    let sandbox: Sandbox;
    let backend: ReliabilityBackend;
    beforeAll(async () => {
      ({ sandbox, backend } = await start(mode, [
        CLUSTER_WIDE_STAGES,
        PAYMENTS_STAGES,
      ]));
    });
    afterAll(async () => {
      await backend.stop();
      await sandbox.stop();
    });

    it("a reader of checkout gets checkout's Stages fresh and never sees 'payments', resync after resync", async () => {
      for (let i = 0; i < 3; i++) {
        await backend.refresh();
        const seen = await checkoutReaderSees(backend);
        // The first sync completed without payments: checkout is there.
        expect(seen.staging.body.name).toBe('staging');
        expectCheckoutFreshWithoutPayments(seen);
      }
    });

    it('payments shows its own per-project error (not read yet) only to who may read it, and is a missing project to a reader of checkout', async () => {
      checkoutOnly(backend);
      const denied = await get(backend, '/projects/payments/stages');
      const missing = await get(backend, '/projects/nope/stages');
      expect(denied.status).toBe(404);
      expect(JSON.stringify(denied.body).replaceAll('payments', '<name>')).toBe(
        JSON.stringify(missing.body).replaceAll('nope', '<name>'),
      );

      everything(backend);
      const allowed = await get(backend, '/projects/payments/stages');
      expect(allowed.status).toBe(503);
      expect(allowed.body.error.message).toContain("'payments'");
      const listed = await backend.invoke(
        'list-stages',
        {},
        mockCredentials.user(USER),
      );
      expect(listed.problems).toEqual([
        expect.stringContaining(
          "Project sandbox/payments: Kargo instance 'sandbox': the service account of instance 'sandbox' may not list stages in 'payments'",
        ),
      ]);
      // checkout is served fresh to them too.
      expect(
        (await get(backend, '/projects/checkout/stages/staging')).body,
      ).toMatchObject({ stale: false, error: null });
    });
  },
);

describe.each(MODES)(
  'Narrower RBAC in %s mode, payments unbound after the first sync',
  mode => {
    let sandbox: Sandbox;
    let backend: ReliabilityBackend;
    beforeAll(async () => {
      ({ sandbox, backend } = await start(mode, [CLUSTER_WIDE_STAGES]));
    });
    afterAll(async () => {
      await backend.stop();
      await sandbox.stop();
    });

    it("a reader of checkout gets checkout's Stages fresh and never sees 'payments'; payments' readers get its Stages stale with its own error, until it is bound again", async () => {
      everything(backend);
      const paymentsStage = () =>
        get(backend, '/projects/payments/stages/prod');
      expect((await paymentsStage()).body).toMatchObject({ stale: false });

      // payments' binding goes; its namespace streams relist at the resync.
      sandbox.faults.set({ path: PAYMENTS_STAGES, status: 403 });
      await backend.refresh();
      expectCheckoutFreshWithoutPayments(await checkoutReaderSees(backend));

      checkoutOnly(backend);
      expect((await paymentsStage()).status).toBe(404);
      everything(backend);
      const stale = await paymentsStage();
      expect(stale.status).toBe(200);
      expect(stale.body.stale).toBe(true);
      expect(stale.body.error).toContain("may not list stages in 'payments'");

      // Bound again: fresh at the next resync.
      sandbox.faults.clear();
      sandbox.faults.set({ path: CLUSTER_WIDE_STAGES, status: 403 });
      await backend.refresh();
      expect((await paymentsStage()).body).toMatchObject({
        stale: false,
        error: null,
      });
    });
  },
);
