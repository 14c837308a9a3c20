import { createServiceFactory } from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import {
  scaffolderActionsExtensionPoint,
  type TemplateAction,
} from '@backstage/plugin-scaffolder-node';
import {
  kargoServiceRef,
  withListingRules,
  type KargoService,
} from '@kargo-backstage/plugin-kargo-node';
import { scaffolderModuleKargo } from './module';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

describe('scaffolderModuleKargo', () => {
  it('registers the four Kargo actions, each with examples and dry-run support', async () => {
    const added: TemplateAction<any, any, any>[] = [];
    const kargo: KargoService = {
      listInstances: () => [],
      cluster: () => {
        throw new Error('not used at registration');
      },
      kargoApi: () => {
        throw new Error('not used at registration');
      },
      writeMode: () => 'none',
      pullRequests: withListingRules({
        listOpenPullRequests: async () => [],
        openOrReclaim: async () => {
          throw new Error('not used at registration');
        },
      }),
    };
    await startTestBackend({
      extensionPoints: [
        [
          scaffolderActionsExtensionPoint,
          { addActions: (...actions) => added.push(...actions) },
        ],
      ],
      features: [
        scaffolderModuleKargo,
        createServiceFactory({
          service: kargoServiceRef,
          deps: {},
          factory: () => kargo,
        }),
        mockServices.rootConfig.factory({ data: {} }),
      ],
    });

    expect(added.map(a => a.id)).toEqual([
      'kargo:promote',
      'kargo:reverify',
      'kargo:pull-request:open',
      'kargo:promotion:abort',
      'kargo:freight:approve',
      'kargo:pull-request:close',
    ]);
    for (const action of added) {
      expect(action.supportsDryRun).toBe(true);
      expect(action.examples?.length).toBeGreaterThan(0);
      expect(action.description).toMatch(/\w+/);
    }
    const promote = added[0];
    expect(promote.schema?.input).toMatchObject({
      required: expect.arrayContaining(['project', 'stage', 'freight']),
      properties: {
        freight: {
          type: 'string',
          description: 'Freight name or alias to promote',
        },
      },
    });
  });
});
