import {
  coreServices,
  createBackendPlugin,
  SchedulerServiceTaskInvocationDefinition,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
import {
  catalogProcessingExtensionPoint,
  CatalogProcessor,
  EntityProvider,
  EntityProviderMutation,
} from '@backstage/plugin-catalog-node';
import express from 'express';
import Router from 'express-promise-router';
import { snapshot } from './__fixtures__/snapshot';
import { catalogModuleKargo } from './module';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

/** Stands in for the Kargo backend: serves the snapshot to services only. */
function fakeKargoBackend(calls: { principals: string[] }) {
  return createBackendPlugin({
    pluginId: 'kargo',
    register(env) {
      env.registerInit({
        deps: {
          httpRouter: coreServices.httpRouter,
          httpAuth: coreServices.httpAuth,
        },
        async init({ httpRouter, httpAuth }) {
          const router = Router();
          router.use(express.json());
          router.get('/snapshot', async (req, res) => {
            const credentials = await httpAuth.credentials(req, {
              allow: ['service'],
            });
            calls.principals.push(credentials.principal.subject);
            res.json(snapshot());
          });
          httpRouter.use(router);
        },
      });
    },
  });
}

async function startModule() {
  const providers: EntityProvider[] = [];
  const processors: CatalogProcessor[] = [];
  const tasks: SchedulerServiceTaskInvocationDefinition[] = [];
  const calls = { principals: [] as string[] };
  const scheduler = mockServices.scheduler.mock({
    async scheduleTask(task) {
      tasks.push(task);
    },
  });
  await startTestBackend({
    extensionPoints: [
      [
        catalogProcessingExtensionPoint,
        {
          addEntityProvider: (...p: any[]) => providers.push(...p.flat()),
          addProcessor: (...p: any[]) => processors.push(...p.flat()),
        },
      ],
    ],
    features: [catalogModuleKargo, fakeKargoBackend(calls), scheduler.factory],
  });
  return { providers, processors, tasks, calls };
}

describe('catalogModuleKargo', () => {
  it('registers the Stage provider and the processor', async () => {
    const { providers, processors } = await startModule();
    expect(providers.map(p => p.getProviderName())).toEqual([
      'KargoStageEntityProvider',
    ]);
    expect(processors.map(p => p.getProcessorName())).toEqual([
      'KargoEntityProcessor',
    ]);
  });

  it('reads the Kargo backend once per run, with a service token, and feeds both', async () => {
    const { providers, processors, tasks, calls } = await startModule();
    const mutations: EntityProviderMutation[] = [];
    await providers[0].connect({
      applyMutation: async m => {
        mutations.push(m);
      },
      refresh: async () => {},
    });
    expect(tasks).toHaveLength(1);
    await tasks[0].fn(new AbortController().signal);

    expect(calls.principals).toEqual(['plugin:catalog']);
    expect(mutations).toHaveLength(1);
    expect(mutations[0].type === 'full' && mutations[0].entities).toHaveLength(
      8,
    );

    const processor = processors[0];
    const results: Entity[] = [];
    for (let i = 0; i < 50; i++) {
      results.push(
        await processor.preProcessEntity!(
          {
            apiVersion: 'backstage.io/v1alpha1',
            kind: 'Component',
            metadata: {
              name: `c${i}`,
              annotations: { 'kargo.akuity.io/project': 'payments' },
            },
          },
          { type: 'file', target: 'x' },
          () => {},
          { type: 'file', target: 'x' },
          { get: async () => undefined, set: async () => {} },
        ),
      );
    }
    expect(
      results.every(
        e =>
          e.metadata.annotations?.['kargo.akuity.io/verification-phase'] ===
          'Failed',
      ),
    ).toBe(true);
    // No network call per entity: still the one call of the scheduled run.
    expect(calls.principals).toHaveLength(1);
  });
});
