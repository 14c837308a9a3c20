/**
 * The whole path of the demo: the Kargo sandbox, the Kargo backend's snapshot,
 * this module and the real catalog, queried through the catalog's REST API.
 */
import {
  coreServices,
  createServiceFactory,
} from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import catalogPlugin from '@backstage/plugin-catalog-backend';
import searchPlugin from '@backstage/plugin-search-backend';
import searchCatalogModule from '@backstage/plugin-search-backend-module-catalog';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);
// Test only: the real Kargo backend serves the snapshot this module reads.
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import kargoPlugin from '@kargo-backstage/plugin-kargo-backend';
import {
  sandboxBackstageConfig,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import { stageEntityName } from '@kargo-backstage/plugin-kargo-common';
import path from 'node:path';
import request from 'supertest';
import { eventually } from './__testUtils__/eventually';
import { catalogModuleKargo } from './module';

const ENTITIES = path.resolve(__dirname, '../../../examples/entities.yaml');
// The Kargo backend refreshes each instance on its own task.
const BACKEND_TASK = 'kargo-snapshot-refresh:sandbox';
const PULL_REQUEST_TASK = 'kargo-pull-requests';
const MODULE_TASK = 'KargoStageEntityProvider:refresh';
const SEARCH_TASK = 'search_index_software_catalog';
const FAILED_FILTER =
  'metadata.annotations.kargo.akuity.io/verification-phase=Failed';

function config(sandbox: Sandbox) {
  return {
    ...sandboxBackstageConfig(sandbox, {
      kargoUrl: 'http://kargo.example.com',
    }),
    catalog: {
      rules: [{ allow: ['Component', 'System', 'Resource', 'Location'] }],
      locations: [{ type: 'file', target: ENTITIES }],
      providers: { kargo: { defaultOwner: 'group:default/guests' } },
    },
  };
}

describe('catalog with the Kargo module, the Kargo backend and the sandbox', () => {
  let sandbox: Sandbox;
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  const scheduler = mockServices.scheduler();

  const get = async (url: string) => {
    const res = await request(backend.server)
      .get(url)
      .set('authorization', mockCredentials.user.header());
    expect(res.status).toBe(200);
    return res.body;
  };
  const entities = async (filter: string): Promise<Entity[]> =>
    get(`/api/catalog/entities?filter=${encodeURIComponent(filter)}`);
  const entity = async (ref: string): Promise<Entity> =>
    get(`/api/catalog/entities/by-name/${ref}`);
  /**
   * The Kargo backend's tasks as its scheduler runs them, then this module's.
   * A Kargo read only starts listing the repositories its Stages newly show
   * (never awaited); the pull-request task joins (or repeats) that listing,
   * which queues the rebuild of the Stages showing it; the next read is
   * applied after that rebuild (an instance's updates apply in order). So
   * the module reads the pull requests whatever the speed of the cluster or
   * the Git provider.
   */
  const gather = async () => {
    await eventually(() => scheduler.triggerTask(BACKEND_TASK));
    await scheduler.triggerTask(PULL_REQUEST_TASK);
    await scheduler.triggerTask(BACKEND_TASK);
    await eventually(() => scheduler.triggerTask(MODULE_TASK));
  };

  beforeAll(async () => {
    // No controller: the demo scenarios stay as the fixtures describe them.
    sandbox = await startSandbox({ port: 0, controller: false });
    // A Git provider slower than the Kargo read: the order of the tasks,
    // not a race, must bring the pull requests in.
    sandbox.faults.set({ path: /^\/github\/.*\/pulls\b/, delayMs: 300 });
    backend = await startTestBackend({
      features: [
        catalogPlugin,
        searchPlugin,
        searchCatalogModule,
        kargoPlugin,
        catalogModuleKargo,
        mockServices.rootConfig.factory({ data: config(sandbox) }),
        // Tasks run only when a test triggers them.
        createServiceFactory({
          service: coreServices.scheduler,
          deps: {},
          factory: () => scheduler,
        }),
      ],
    });
    await gather();
  }, 120_000);

  afterAll(async () => {
    await backend?.stop();
    await sandbox?.stop();
  });

  it('holds one kargo-stage Resource per demo Stage', async () => {
    const stages = await eventually(async () => {
      const items = await entities('kind=resource,spec.type=kargo-stage');
      expect(items).toHaveLength(8);
      return items;
    });
    expect(stages.map(e => e.metadata.title).sort()).toEqual([
      'checkout/dev',
      'checkout/prod',
      'checkout/staging',
      'payments/perf',
      'payments/prod',
      'payments/qa',
      'payments/test',
      'payments/uat',
    ]);
    const prod = stages.find(e => e.metadata.title === 'checkout/prod')!;
    expect(prod.spec?.owner).toBe('group:default/guests');
    expect(
      prod.metadata.annotations?.['kargo.akuity.io/open-pull-requests'],
    ).toBe('2');
    expect(
      prod.metadata.annotations?.['kargo.akuity.io/pull-request-urls']
        ?.split(' ')
        .sort(),
    ).toEqual([
      expect.stringMatching(/\/acme\/checkout-deploy\/pull\/41$/),
      expect.stringMatching(/\/acme\/checkout-deploy\/pull\/42$/),
    ]);
    const qa = stages.find(e => e.metadata.title === 'payments/qa')!;
    expect(qa.metadata.description).toMatch(
      /^Kargo Stage qa of project payments — Verification Failed: /,
    );
    const staging = stages.find(e => e.metadata.title === 'checkout/staging')!;
    expect(staging.metadata.annotations).toMatchObject({
      'kargo.akuity.io/verification-phase': 'Successful',
      'kargo.akuity.io/verification-stale': 'true',
    });
  }, 60_000);

  it('filters to the failed Stages and the components that roll them up', async () => {
    const failed = await eventually(async () => {
      const items = await entities(FAILED_FILTER);
      expect(items.map(e => e.metadata.name)).toContain('payments-api');
      return items;
    });
    expect(
      failed
        .map(e => `${e.kind}:${e.metadata.title ?? e.metadata.name}`)
        .sort(),
    ).toEqual(['Component:payments-api', 'Resource:payments/qa']);
  }, 60_000);

  it('rolls up and relates a component to its Stages', async () => {
    const storefront = await eventually(async () => {
      const e = await entity('component/default/storefront');
      expect(
        e.metadata.annotations?.['kargo.akuity.io/verification-phase'],
      ).toBeDefined();
      return e;
    });
    expect(storefront.metadata.annotations).toMatchObject({
      'kargo.akuity.io/project': 'checkout,payments',
      'kargo.akuity.io/verification-phase': 'Successful',
      'kargo.akuity.io/open-pull-requests': '0',
    });
    const dependsOn = storefront.relations
      ?.filter(r => r.type === 'dependsOn')
      .map(r => r.targetRef)
      .sort();
    expect(dependsOn).toEqual([
      `resource:default/${stageEntityName('sandbox', 'checkout', 'staging')}`,
      `resource:default/${stageEntityName('sandbox', 'payments', 'uat')}`,
    ]);

    const qa = await entity(
      `resource/default/${stageEntityName('sandbox', 'payments', 'qa')}`,
    );
    expect(
      qa.relations
        ?.filter(r => r.type === 'dependencyOf')
        .map(r => r.targetRef),
    ).toEqual(['component:default/payments-api']);
    const legacy = await entity('component/default/legacy-batch');
    expect(legacy.metadata.annotations ?? {}).not.toHaveProperty(
      'kargo.akuity.io/verification-phase',
    );
  }, 60_000);

  it('lets search find a Stage by project, by Stage name and by "Failed"', async () => {
    await eventually(async () =>
      expect(await entities(FAILED_FILTER)).toHaveLength(2),
    );
    await scheduler.triggerTask(SEARCH_TASK);
    const search = async (term: string): Promise<string[]> => {
      const body = await get(
        `/api/search/query?term=${encodeURIComponent(
          term,
        )}&types%5B0%5D=software-catalog`,
      );
      return body.results.map(
        (r: { document: { title: string } }) => r.document.title,
      );
    };

    expect(await search('payments')).toEqual(
      expect.arrayContaining([
        'payments/test',
        'payments/qa',
        'payments/uat',
        'payments/perf',
        'payments/prod',
      ]),
    );
    expect((await search('qa'))[0]).toBe('payments/qa');
    const failed = await search('Failed');
    expect(failed).toContain('payments/qa');
    expect(failed).not.toContain('checkout/dev');
  }, 60_000);

  it('keeps the entities and rollups through an outage of Kargo', async () => {
    await sandbox.stop();
    await gather();
    const snapshot = await request(backend.server)
      .get('/api/kargo/snapshot')
      .set(
        'authorization',
        mockCredentials.service.header({
          // The catalog module's subject: the one /snapshot serves by default.
          onBehalfOf: mockCredentials.service('plugin:catalog'),
          targetPluginId: 'kargo',
        }),
      );
    expect(snapshot.status).toBe(200);
    const [instance] = snapshot.body.instances;
    expect(instance.stale || instance.error !== null).toBe(true);

    // Have the catalog reprocess the components without Kargo, then give its
    // processing loop (about a second per pass) time to run.
    for (const entityRef of [
      'component:default/payments-api',
      'component:default/storefront',
    ]) {
      const res = await request(backend.server)
        .post('/api/catalog/refresh')
        .set('authorization', mockCredentials.user.header())
        .send({ entityRef });
      expect(res.status).toBe(200);
    }
    await new Promise(resolve => setTimeout(resolve, 5_000));

    expect(await entities('kind=resource,spec.type=kargo-stage')).toHaveLength(
      8,
    );
    const failed = await entities(FAILED_FILTER);
    expect(failed.map(e => e.metadata.title ?? e.metadata.name).sort()).toEqual(
      ['payments-api', 'payments/qa'],
    );
    const storefront = await entity('component/default/storefront');
    expect(
      storefront.relations?.filter(r => r.type === 'dependsOn'),
    ).toHaveLength(2);
  }, 60_000);
});
