/**
 * The documented `two-instances` example with the second cluster down from
 * the start: the catalog holds every Stage of the healthy instance, each
 * entity naming its instance, and nothing breaks for the one that is down.
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

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);
// Test only: the real Kargo backend serves the snapshot this module reads.
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import kargoPlugin from '@kargo-backstage/plugin-kargo-backend';
import {
  DEMO_TOKENS,
  loadTwoInstancesExample,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import request from 'supertest';
import { catalogModuleKargo } from './module';
import { eventually } from './__testUtils__/eventually';
import { refreshKargo } from './__testUtils__/refreshKargo';

describe('catalog with two Kargo instances, one of them down', () => {
  let healthy: Sandbox;
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  const scheduler = mockServices.scheduler();

  beforeAll(async () => {
    const down = await startSandbox({ https: true, controller: false });
    healthy = await startSandbox({
      https: true,
      tokens: DEMO_TOKENS,
      controller: false,
    });
    const kargo = await loadTwoInstancesExample(healthy, down);
    await down.stop();
    backend = await startTestBackend({
      features: [
        catalogPlugin,
        kargoPlugin,
        catalogModuleKargo,
        mockServices.rootConfig.factory({
          data: {
            ...kargo,
            catalog: {
              rules: [{ allow: ['Resource'] }],
              providers: { kargo: { defaultOwner: 'group:default/guests' } },
            },
          },
        }),
        createServiceFactory({
          service: coreServices.scheduler,
          deps: {},
          factory: () => scheduler,
        }),
      ],
    });
    await eventually(() => refreshKargo(scheduler));
    await eventually(() =>
      scheduler.triggerTask('KargoStageEntityProvider:refresh'),
    );
  }, 120_000);

  afterAll(async () => {
    await backend?.stop();
    await healthy?.stop();
  });

  it('holds every Stage of the healthy instance, each naming its instance', async () => {
    const stages = await eventually(async () => {
      const res = await request(backend.server)
        .get(
          `/api/catalog/entities?filter=${encodeURIComponent(
            'kind=resource,spec.type=kargo-stage',
          )}`,
        )
        .set('authorization', mockCredentials.user.header());
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(8);
      return res.body as Entity[];
    });
    expect(
      new Set(
        stages.map(e => e.metadata.annotations?.['kargo.akuity.io/instance']),
      ),
    ).toEqual(new Set(['production']));
    expect(stages.map(e => e.metadata.title)).toEqual(
      expect.arrayContaining(['checkout/prod', 'payments/qa']),
    );
  }, 60_000);
});
