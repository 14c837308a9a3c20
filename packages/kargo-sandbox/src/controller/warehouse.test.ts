import { startSandbox, Sandbox } from '../sandbox';
import { call, eventually } from '../__testUtils__/http';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const API = '/apis/kargo.akuity.io/v1alpha1/namespaces/checkout';

describe('simulated Kargo controller: Warehouse refresh', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({ stepDelayMs: 25 });
  });
  afterEach(() => sandbox.stop());

  const freight = async () =>
    (await call(sandbox, 'GET', `${API}/freights`)).body.items as any[];
  const refresh = (token: string) =>
    call(sandbox, 'PATCH', `${API}/warehouses/checkout`, {
      contentType: 'application/merge-patch+json',
      body: { metadata: { annotations: { 'kargo.akuity.io/refresh': token } } },
    });

  it('discovers on refresh: the newest published release becomes Freight once, and the token is handled', async () => {
    const before = await freight();
    expect(before.some(f => f.images[0].tag === 'v1.10.0')).toBe(false);

    await refresh('2026-12-05T07:00:00Z');
    const made = await eventually(async () => {
      const found = (await freight()).find(f => f.images[0].tag === 'v1.10.0');
      return found;
    });
    expect(made.origin).toEqual({ kind: 'Warehouse', name: 'checkout' });
    expect(made.alias).toMatch(/^[a-z]+-[a-z]+$/);
    expect(made.metadata.labels['kargo.akuity.io/alias']).toBe(made.alias);
    const warehouse = await eventually(async () => {
      const w = (await call(sandbox, 'GET', `${API}/warehouses/checkout`)).body;
      return w.status?.lastHandledRefresh === '2026-12-05T07:00:00Z'
        ? w
        : undefined;
    });
    expect(warehouse.status.lastFreightID).toBe(made.metadata.name);
    expect((await freight()).length).toBe(before.length + 1);

    // Nothing new published: a second refresh makes no Freight.
    await refresh('2026-12-05T07:01:00Z');
    await eventually(async () => {
      const w = (await call(sandbox, 'GET', `${API}/warehouses/checkout`)).body;
      return w.status?.lastHandledRefresh === '2026-12-05T07:01:00Z'
        ? w
        : undefined;
    });
    expect((await freight()).length).toBe(before.length + 1);
  });

  it('serves the demo Stage Kargo auto-promotes into with its hold, and the ProjectConfig policy behind it', async () => {
    const staging = (await call(sandbox, 'GET', `${API}/stages/staging`)).body;
    expect(staging.status.autoPromotionEnabled).toBe(true);
    expect(
      staging.status.effectiveAutoPromotionHolds['Warehouse/checkout'],
    ).toEqual(
      expect.objectContaining({
        promotionName: staging.status.lastPromotion.name,
        actor: 'email:ada@acme.example',
      }),
    );
    const config = (
      await call(sandbox, 'GET', `${API}/projectconfigs/checkout`)
    ).body;
    expect(config.spec.promotionPolicies).toEqual([
      { stageSelector: { name: 'staging' }, autoPromotionEnabled: true },
    ]);
  });
});
