/**
 * Issue 15, items 2 and 5, through real processes: a Kargo backend (on the
 * sandbox) and a separate catalog backend with this module, which reads the
 * Kargo backend's /snapshot over HTTP. The Kargo backend can restart while
 * the catalog keeps running.
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
// Test only: the real Kargo backend serves the snapshot this module reads.
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import kargoPlugin from '@kargo-backstage/plugin-kargo-backend';
import {
  sandboxBackstageConfig,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { eventually } from './__testUtils__/eventually';
import { refreshKargo } from './__testUtils__/refreshKargo';
import { catalogModuleKargo } from './module';

const ENTITIES = path.resolve(__dirname, '../../../examples/entities.yaml');
const MODULE_TASK = 'KargoStageEntityProvider:refresh';
const STAGES = 'kind=resource,spec.type=kargo-stage';

jest.setTimeout(120_000);

/**
 * Poll mode reads each project on its own (one LIST per kind per project
 * namespace), so one project can fail its read while the others succeed:
 * what the per-project completeness below is about. (Watch mode lists
 * cluster-wide, where an instance is read whole or not at all.)
 */
function pollModeConfig(sandbox: Sandbox) {
  const config = sandboxBackstageConfig(sandbox);
  return { ...config, kargo: { ...config.kargo, refresh: { mode: 'poll' } } };
}

/** The Kargo backend alone, on the sandbox; its refresh runs on demand. */
async function startKargoBackend(sandbox: Sandbox) {
  const scheduler = mockServices.scheduler();
  const backend = await startTestBackend({
    features: [
      kargoPlugin,
      mockServices.rootConfig.factory({
        data: pollModeConfig(sandbox),
      }),
      createServiceFactory({
        service: coreServices.scheduler,
        deps: {},
        factory: () => scheduler,
      }),
    ],
  });
  await eventually(() => refreshKargo(scheduler));
  const { port } = backend.server.address() as AddressInfo;
  return { backend, url: `http://127.0.0.1:${port}/api/kargo` };
}

/** The catalog with the Kargo module, reading the Kargo backend at `kargoUrl()`. */
async function startCatalogBackend(
  kargoUrl: () => string,
  providerConfig: object,
) {
  const scheduler = mockServices.scheduler();
  const backend = await startTestBackend({
    features: [
      catalogPlugin,
      catalogModuleKargo,
      mockServices.rootConfig.factory({
        data: {
          catalog: {
            rules: [{ allow: ['Component', 'System', 'Resource', 'Location'] }],
            locations: [{ type: 'file', target: ENTITIES }],
            providers: {
              kargo: {
                defaultOwner: 'group:default/guests',
                ...providerConfig,
              },
            },
          },
        },
      }),
      createServiceFactory({
        service: coreServices.scheduler,
        deps: {},
        factory: () => scheduler,
      }),
      createServiceFactory({
        service: coreServices.discovery,
        deps: {},
        factory: () => ({
          getBaseUrl: async (pluginId: string) =>
            pluginId === 'kargo'
              ? kargoUrl()
              : `http://127.0.0.1:0/api/${pluginId}`,
          getExternalBaseUrl: async (pluginId: string) =>
            `http://127.0.0.1:0/api/${pluginId}`,
        }),
      }),
    ],
  });
  const get = async (url: string) => {
    const res = await request(backend.server)
      .get(url)
      .set('authorization', mockCredentials.user.header());
    expect(res.status).toBe(200);
    return res.body;
  };
  return {
    backend,
    mirror: () => eventually(() => scheduler.triggerTask(MODULE_TASK)),
    entities: (filter: string): Promise<Entity[]> =>
      get(`/api/catalog/entities?filter=${encodeURIComponent(filter)}`),
    entity: (ref: string): Promise<Entity> =>
      get(`/api/catalog/entities/by-name/${ref}`),
    refresh: async (entityRef: string) =>
      request(backend.server)
        .post('/api/catalog/refresh')
        .set('authorization', mockCredentials.user.header())
        .send({ entityRef }),
  };
}

const titles = (items: Entity[]) => items.map(e => e.metadata.title).sort();

/** A sandbox, a Kargo backend and a catalog backend, for one describe block. */
function useMirror(providerConfig: object) {
  const env = {} as {
    sandbox: Sandbox;
    kargo: Awaited<ReturnType<typeof startKargoBackend>>;
    catalog: Awaited<ReturnType<typeof startCatalogBackend>>;
  };
  beforeAll(async () => {
    env.sandbox = await startSandbox({ port: 0, controller: false });
    env.kargo = await startKargoBackend(env.sandbox);
    env.catalog = await startCatalogBackend(
      () => env.kargo.url,
      providerConfig,
    );
    await env.catalog.mirror();
  });
  afterAll(async () => {
    await env.catalog?.backend.stop();
    await env.kargo?.backend.stop();
    await env.sandbox?.stop();
  });
  return env;
}

describe('the catalog mirror of a Kargo backend that restarts', () => {
  const env = useMirror({});

  it("never deletes a project's Stage entities because that project failed its first read after a Kargo backend restart", async () => {
    await env.catalog.mirror();
    await eventually(async () =>
      expect(await env.catalog.entities(STAGES)).toHaveLength(8),
    );
    await eventually(async () =>
      expect(
        (
          await env.catalog.entity('component/default/payments-api')
        ).metadata.annotations,
      ).toMatchObject({
        'kargo.akuity.io/verification-phase': 'Failed',
      }),
    );

    // Restart the Kargo backend while payments cannot be read.
    await env.kargo.backend.stop();
    env.sandbox.faults.set({ path: /\/namespaces\/payments\//, status: 500 });
    env.kargo = await startKargoBackend(env.sandbox);
    await env.catalog.mirror();
    await env.catalog.refresh('component:default/payments-api');
    await new Promise(resolve => setTimeout(resolve, 4_000));

    expect(titles(await env.catalog.entities(STAGES))).toEqual([
      'checkout/dev',
      'checkout/prod',
      'checkout/staging',
      'payments/perf',
      'payments/prod',
      'payments/qa',
      'payments/test',
      'payments/uat',
    ]);
    // Its rollup did not fall to None either.
    expect(
      (await env.catalog.entity('component/default/payments-api')).metadata
        .annotations,
    ).toMatchObject({
      'kargo.akuity.io/verification-phase': 'Failed',
    });
    env.sandbox.faults.clear();
  });
});

describe('the catalog mirrors only what config names', () => {
  const env = useMirror({
    projects: ['checkout'],
    includePullRequestUrls: false,
    includeErrorText: false,
  });

  it('mirrors only catalog.providers.kargo.projects, without PR URLs and error text, and rolls up only mirrored projects', async () => {
    // checkout/prod has open pull requests: counted, not linked. The count
    // lands once the Kargo backend has listed them (after its first read), so
    // mirror until it is there; only then is "no PR URL" a real check.
    const stages = await eventually(async () => {
      await env.catalog.mirror();
      const items = await env.catalog.entities(STAGES);
      expect(items).toHaveLength(3);
      const prod = items.find(e => e.metadata.title === 'checkout/prod')!;
      expect(
        Number(
          prod.metadata.annotations!['kargo.akuity.io/open-pull-requests'],
        ),
      ).toBeGreaterThan(0);
      return items;
    });
    expect(titles(stages)).toEqual([
      'checkout/dev',
      'checkout/prod',
      'checkout/staging',
    ]);
    const text = JSON.stringify(stages);
    expect(text).not.toContain('kargo.akuity.io/pull-request-urls');
    expect(text).not.toMatch(/\/pull\/\d+|merge_requests\/\d+/);

    // payments is not mirrored: its component gets no rollup at all.
    await env.catalog.refresh('component:default/payments-api');
    await env.catalog.refresh('component:default/checkout-service');
    await eventually(async () =>
      expect(
        (
          await env.catalog.entity('component/default/checkout-service')
        ).metadata.annotations,
      ).toHaveProperty(['kargo.akuity.io/verification-phase']),
    );
    await new Promise(resolve => setTimeout(resolve, 2_000));
    expect(
      (await env.catalog.entity('component/default/payments-api')).metadata
        .annotations,
    ).not.toHaveProperty(['kargo.akuity.io/verification-phase']);
  });
});
