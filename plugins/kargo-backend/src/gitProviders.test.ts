import { createBackendModule } from '@backstage/backend-plugin-api';
import { pullRequestTerms } from '@kargo-backstage/plugin-kargo-common';
import {
  type GitProvider,
  kargoGitProvidersExtensionPoint,
  translateProviderError,
} from '@kargo-backstage/plugin-kargo-node';
import {
  type KargoTestBackend,
  startKargoTestBackend,
} from './__testUtils__/backend';

jest.setTimeout(60_000);

/** A provider another package ships: a Gitea of one host, in memory. */
const gitea: GitProvider = {
  name: 'gitea',
  terms: pullRequestTerms('gitea'),
  webhookTopics: ['gitea.pull_request'],
  handles: host => host === 'gitea.example.com',
  rateLimitKey: repo => repo.host,
  listOpen: async repo => [
    {
      provider: 'gitea',
      repoUrl: repo.url,
      number: 3,
      title: 'Promote to prod',
      url: `${repo.url}/pulls/3`,
      state: 'open',
      sourceBranch: 'kargo/promotion/prod.01',
      targetBranch: 'main',
      headSha: null,
      author: 'kargo-bot',
      createdAt: null,
    },
  ],
  openOrReclaim: async () => ({ number: 3, url: '', reclaimed: true }),
  close: async () => undefined,
  deleteBranch: async () => undefined,
  parseWebhookEvent: () => undefined,
  translateError: (error, context) =>
    translateProviderError('Gitea', error, undefined, context),
};

describe('kargoGitProvidersExtensionPoint', () => {
  let backend: KargoTestBackend;

  afterEach(async () => {
    await backend?.stop();
  });

  it('lets a module of the kargo plugin add a provider for its host, beside the built-in ones', async () => {
    backend = await startKargoTestBackend({
      features: [
        createBackendModule({
          pluginId: 'kargo',
          moduleId: 'gitea',
          register(env) {
            env.registerInit({
              deps: { providers: kargoGitProvidersExtensionPoint },
              async init({ providers }) {
                providers.addGitProvider(gitea);
              },
            });
          },
        }),
      ],
    });
    const service = backend.kargo().pullRequests;

    await expect(
      service.listOpenPullRequests('https://gitea.example.com/acme/deploy'),
    ).resolves.toEqual([
      expect.objectContaining({ provider: 'gitea', number: 3 }),
    ]);
    expect(service.providers?.list().map(p => p.name)).toEqual([
      'github',
      'gitlab',
      'bitbucket',
      'gitea',
    ]);
    expect(service.providers?.webhookTopics()).toContain('gitea.pull_request');
  });
});
