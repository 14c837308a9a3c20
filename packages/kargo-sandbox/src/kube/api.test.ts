import { startSandbox, Sandbox } from '../sandbox';
import { DEMO_TOKENS } from './auth';
import { ADMIN, call, READONLY, STAGE_YAML } from '../__testUtils__/http';

// Real servers on a shared CI machine: allow for a slow start.
jest.setTimeout(30_000);

const STAGES = '/apis/kargo.akuity.io/v1alpha1/namespaces/shop/stages';

describe('Kubernetes API', () => {
  let sandbox: Sandbox;
  beforeEach(async () => {
    sandbox = await startSandbox({
      fixtures: false,
      tokens: DEMO_TOKENS,
      controller: false,
    });
    sandbox.load(STAGE_YAML);
  });
  afterEach(() => sandbox.stop());

  it('serves discovery for Kargo, Argo Rollouts and core namespaces', async () => {
    const groups = await call(sandbox, 'GET', '/apis', { token: ADMIN });
    expect(groups.body.groups.map((g: any) => g.name)).toEqual([
      'kargo.akuity.io',
      'argoproj.io',
      'rbac.authorization.k8s.io',
    ]);
    const kargo = await call(sandbox, 'GET', '/apis/kargo.akuity.io/v1alpha1', {
      token: ADMIN,
    });
    const names = kargo.body.resources.map(
      (r: any) => `${r.name}:${r.namespaced}`,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'stages:true',
        'freights:true',
        'promotions:true',
        'warehouses:true',
        'projects:false',
      ]),
    );
    const core = await call(sandbox, 'GET', '/api/v1', { token: ADMIN });
    expect(core.body.resources[0]).toMatchObject({
      name: 'namespaces',
      kind: 'Namespace',
      namespaced: false,
    });
  });

  it('lists with label and field selectors, in one namespace and across all', async () => {
    const names = async (path: string) =>
      (await call(sandbox, 'GET', path, { token: ADMIN })).body.items.map(
        (o: any) => o.metadata.name,
      );
    expect(await names(`${STAGES}?labelSelector=tier%3Dweb`)).toEqual(['dev']);
    expect(
      await names(
        `${STAGES}?labelSelector=${encodeURIComponent('tier in (web,api)')}`,
      ),
    ).toEqual(['dev', 'qa']);
    expect(await names(`${STAGES}?labelSelector=!tier`)).toEqual(['prod']);
    expect(await names(`${STAGES}?fieldSelector=metadata.name%3Dqa`)).toEqual([
      'qa',
    ]);
    expect(await names('/apis/kargo.akuity.io/v1alpha1/stages')).toEqual([
      'dev',
      'prod',
      'qa',
    ]);
    expect(
      await names(
        '/api/v1/namespaces?labelSelector=kargo.akuity.io/project%3Dtrue',
      ),
    ).toEqual(['shop']);
  });

  it('paginates with limit and continue', async () => {
    const first = await call(sandbox, 'GET', `${STAGES}?limit=2`, {
      token: ADMIN,
    });
    expect(first.body.items.map((o: any) => o.metadata.name)).toEqual([
      'dev',
      'prod',
    ]);
    expect(first.body.metadata.remainingItemCount).toBe(1);
    const next = await call(
      sandbox,
      'GET',
      `${STAGES}?limit=2&continue=${first.body.metadata.continue}`,
      { token: ADMIN },
    );
    expect(next.body.items.map((o: any) => o.metadata.name)).toEqual(['qa']);
    expect(next.body.metadata.continue).toBeUndefined();
  });

  it('pages a cluster-wide list through every namespace, each object once', async () => {
    // "shop0" sorts before "shop|" but after "shop/": pages must follow one order.
    sandbox.load(
      STAGE_YAML.replace(/name: shop\b/g, 'name: shop0').replace(
        /namespace: shop\b/g,
        'namespace: shop0',
      ),
    );
    const seen: string[] = [];
    let cont = '';
    do {
      const page = await call(
        sandbox,
        'GET',
        `/apis/kargo.akuity.io/v1alpha1/stages?limit=2${cont ? `&continue=${cont}` : ''}`,
        { token: ADMIN },
      );
      seen.push(
        ...page.body.items.map(
          (o: any) => `${o.metadata.namespace}/${o.metadata.name}`,
        ),
      );
      cont = page.body.metadata.continue ?? '';
    } while (cont);
    expect(seen).toEqual([
      'shop/dev',
      'shop/prod',
      'shop/qa',
      'shop0/dev',
      'shop0/prod',
      'shop0/qa',
    ]);
  });

  it('stamps resourceVersion, uid, generation and creationTimestamp', async () => {
    const list = await call(sandbox, 'GET', STAGES, { token: ADMIN });
    expect(Number(list.body.metadata.resourceVersion)).toBeGreaterThan(1000);
    const dev = list.body.items[0];
    expect(dev.metadata).toMatchObject({
      generation: 1,
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(dev.metadata.creationTimestamp).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/,
    );
  });

  it('answers 401, 403 and 404 with Status bodies', async () => {
    const none = await call(sandbox, 'GET', STAGES);
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      reason: 'Unauthorized',
      code: 401,
    });
    expect(
      (await call(sandbox, 'GET', STAGES, { token: 'wrong' })).status,
    ).toBe(401);
    expect(
      (await call(sandbox, 'GET', STAGES, { token: READONLY })).status,
    ).toBe(200);
    const denied = await call(sandbox, 'PATCH', `${STAGES}/dev`, {
      token: READONLY,
      contentType: 'application/merge-patch+json',
      body: {},
    });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ reason: 'Forbidden', code: 403 });
    expect(denied.body.message).toContain(
      'cannot patch resource "stages" in API group "kargo.akuity.io" in the namespace "shop"',
    );
    const missing = await call(sandbox, 'GET', `${STAGES}/nope`, {
      token: ADMIN,
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      reason: 'NotFound',
      code: 404,
      message: 'stages.kargo.akuity.io "nope" not found',
    });
  });

  it('a namespaced-only token lists and watches a kind within a namespace, never across all (403)', async () => {
    const token = 'sandbox-namespaced-token';
    const all = '/apis/kargo.akuity.io/v1alpha1/stages';
    const across = await call(sandbox, 'GET', all, { token });
    expect(across.status).toBe(403);
    expect(across.body.message).toContain(
      'cannot list resource "stages" in API group "kargo.akuity.io" at the cluster scope',
    );
    expect(
      (await call(sandbox, 'GET', `${all}?watch=true`, { token })).status,
    ).toBe(403);
    const inShop = await call(sandbox, 'GET', STAGES, { token });
    expect(inShop.status).toBe(200);
    expect(inShop.body.items.map((i: any) => i.metadata.name)).toContain('dev');
    // Projects are cluster-scoped: listing them is not "across namespaces".
    expect(
      (
        await call(sandbox, 'GET', '/apis/kargo.akuity.io/v1alpha1/projects', {
          token,
        })
      ).status,
    ).toBe(200);
    expect(
      (await call(sandbox, 'GET', `${STAGES}/dev`, { token })).status,
    ).toBe(200);
  });

  it('serves the CRD schemas as OpenAPI v3', async () => {
    const index = await call(sandbox, 'GET', '/openapi/v3', { token: ADMIN });
    const url =
      index.body.paths['apis/kargo.akuity.io/v1alpha1'].serverRelativeURL;
    const doc = await call(sandbox, 'GET', url, { token: ADMIN });
    const stage = doc.body.components.schemas['io.akuity.kargo.v1alpha1.Stage'];
    expect(stage.properties.status.properties.freightHistory.type).toBe(
      'array',
    );
  });
});
