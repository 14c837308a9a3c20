/**
 * The Git examples of docs/configuration.md, loaded verbatim (only the
 * `${SECRETS}` filled in), list, attribute and open-or-reclaim pull requests
 * against the sandbox's GitHub, GitLab and Bitbucket Cloud fakes. The public hosts of the
 * examples (api.github.com, ghe.example.com, gitlab.com, api.bitbucket.org, ...) are routed to
 * the sandbox at the fetch level, like an /etc/hosts entry: every request,
 * GitHub App token minting included, is real HTTP to the sandbox.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import {
  attributePullRequests,
  type Promotion,
  type Stage,
} from '@kargo-backstage/plugin-kargo-common';
import {
  loadDocsExample,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import { createPullRequestService } from './PullRequestService';

// Real servers (the sandbox, a backend) on a shared, possibly loaded machine.
jest.setTimeout(30_000);

/** A GitHub App's key pair, as GitHub generates it (PKCS#1 private key). */
const appKeyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });

const { privateKey, publicKey } = appKeyPair();

const ENV = {
  GITHUB_TOKEN: 'sandbox-github-token',
  GHE_TOKEN: 'sandbox-github-token',
  GITLAB_TOKEN: 'sandbox-gitlab-token',
  BITBUCKET_TOKEN: 'sandbox-bitbucket-token',
  BITBUCKET_USERNAME: 'kargo-bot',
  BITBUCKET_APP_PASSWORD: 'sandbox-bitbucket-token',
  GITHUB_APP_ID: '4242',
  GITHUB_APP_CLIENT_ID: 'Iv1.sandbox',
  GITHUB_APP_CLIENT_SECRET: 'client-secret',
  GITHUB_APP_WEBHOOK_SECRET: 'webhook-secret',
  GITHUB_APP_PRIVATE_KEY: privateKey,
};

const GITHUB = {
  project: 'checkout',
  path: 'acme/checkout-deploy',
  target: 'stage/prod',
  existing: [41, 42],
};
const BITBUCKET = {
  project: 'checkout',
  path: 'acme/checkout-deploy',
  target: 'main',
  existing: [1],
};
const GITLAB = {
  project: 'payments',
  path: 'payments/deploy',
  target: 'main',
  existing: [7],
};

const EXAMPLES = [
  {
    example: 'github-com',
    repo: 'https://github.com/acme/checkout-deploy',
    ...GITHUB,
  },
  {
    example: 'github-enterprise',
    repo: 'https://ghe.example.com/acme/checkout-deploy',
    ...GITHUB,
  },
  {
    example: 'github-app',
    repo: 'https://github.com/acme/checkout-deploy',
    ...GITHUB,
  },
  {
    example: 'gitlab-com',
    repo: 'https://gitlab.com/payments/deploy',
    ...GITLAB,
  },
  {
    example: 'gitlab-self-hosted',
    repo: 'https://gitlab.example.com/payments/deploy',
    ...GITLAB,
  },
  {
    example: 'gitlab-path-prefix',
    repo: 'https://git.example.com/gitlab/payments/deploy',
    ...GITLAB,
  },
  {
    example: 'bitbucket-cloud-token',
    repo: 'https://bitbucket.org/acme/checkout-deploy',
    ...BITBUCKET,
  },
  {
    example: 'bitbucket-cloud-app-password',
    repo: 'https://bitbucket.org/acme/checkout-deploy',
    ...BITBUCKET,
  },
];

function stageAndPromotion(
  project: string,
  promotion: string,
): { stage: Stage; promotions: Promotion[] } {
  return {
    stage: {
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Stage',
      metadata: { name: 'prod', namespace: project },
      spec: {},
    } as Stage,
    promotions: [
      {
        apiVersion: 'kargo.akuity.io/v1alpha1',
        kind: 'Promotion',
        metadata: { name: promotion, namespace: project },
        spec: { stage: 'prod', freight: 'f' },
        status: { phase: 'Running' },
      } as Promotion,
    ],
  };
}

describe('the documented Git connections, against the sandbox', () => {
  let sandbox: Sandbox;
  let fetchSpy: jest.SpyInstance;
  const realFetch = globalThis.fetch;
  const seen: string[] = [];

  beforeAll(async () => {
    sandbox = await startSandbox({
      controller: false,
      githubApp: { appId: ENV.GITHUB_APP_ID, publicKey },
    });
    const routes: Array<[string, string]> = [
      ['https://api.github.com', `${sandbox.url}/github/api/v3`],
      ['https://ghe.example.com/api/v3', `${sandbox.url}/github/api/v3`],
      ['https://gitlab.com/api/v4', `${sandbox.url}/gitlab/api/v4`],
      ['https://gitlab.example.com/api/v4', `${sandbox.url}/gitlab/api/v4`],
      ['https://git.example.com/gitlab/api/v4', `${sandbox.url}/gitlab/api/v4`],
      ['https://api.bitbucket.org/2.0', `${sandbox.url}/bitbucket/2.0`],
    ];
    // The demo has no Bitbucket repository: one open pull request to find.
    sandbox.git.openPullRequest({
      repoURL: 'https://bitbucket.org/acme/checkout-deploy',
      sourceBranch: 'kargo/promotion/prod.seeded',
      targetBranch: 'main',
      title: 'Promote to prod',
    });
    fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockImplementation((input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        const route = routes.find(([from]) => url.startsWith(`${from}/`));
        if (!route) throw new Error(`unexpected request to ${url}`);
        seen.push(url);
        const target = route[1] + url.slice(route[0].length);
        return realFetch(
          input instanceof Request ? new Request(target, input) : target,
          init,
        );
      });
  });
  afterAll(async () => {
    fetchSpy.mockRestore();
    await sandbox.stop();
  });
  beforeEach(() => {
    seen.length = 0;
  });

  it.each(EXAMPLES)(
    '$example: lists, attributes and opens-or-reclaims on $repo',
    async ({ example, repo, project, target, existing }) => {
      const config = await loadDocsExample(example, { env: ENV });
      const service = createPullRequestService({
        config: new ConfigReader(config),
        logger: mockServices.logger.mock(),
      });

      const before = await service.listOpenPullRequests(repo);
      expect(before.map(pr => pr.number)).toEqual(
        expect.arrayContaining(existing),
      );
      expect(before.every(pr => pr.repoUrl === repo)).toBe(true);

      const promotion = `prod.${example}`;
      const request = {
        repoUrl: repo,
        sourceBranch: `kargo/promotion/${promotion}`,
        targetBranch: target,
        title: `Promote (${example})`,
      };
      const opened = await service.openOrReclaim(request);
      expect(opened.reclaimed).toBe(false);
      await expect(service.openOrReclaim(request)).resolves.toEqual({
        ...opened,
        reclaimed: true,
      });

      const after = await service.listOpenPullRequests(repo);
      const attributed = attributePullRequests({
        ...stageAndPromotion(project, promotion),
        pullRequests: after,
      });
      expect(attributed).toEqual([
        expect.objectContaining({
          number: opened.number,
          promotion,
          state: 'open',
        }),
      ]);
    },
  );

  it('github-app: mints an installation token with the App key and uses it', async () => {
    const config = await loadDocsExample('github-app', { env: ENV });
    const service = createPullRequestService({
      config: new ConfigReader(config),
      logger: mockServices.logger.mock(),
    });
    await service.listOpenPullRequests(
      'https://github.com/acme/checkout-deploy',
    );
    expect(seen).toEqual(
      expect.arrayContaining([
        'https://api.github.com/app/installations',
        expect.stringMatching(
          /^https:\/\/api\.github\.com\/app\/installations\/\d+\/access_tokens$/,
        ),
      ]),
    );
  });

  it('github-app: a key the App does not have gets no token, and says so', async () => {
    const other = appKeyPair();
    const config = await loadDocsExample('github-app', {
      env: { ...ENV, GITHUB_APP_PRIVATE_KEY: other.privateKey },
    });
    const service = createPullRequestService({
      config: new ConfigReader(config),
      logger: mockServices.logger.mock(),
    });
    const error = await service
      .listOpenPullRequests('https://github.com/acme/checkout-deploy')
      .catch(e => e);
    expect(error.message).toContain('has no credentials for acme');
  });

  it('gitlab-path-prefix: asks GitLab for project payments/deploy, not gitlab/payments/deploy', async () => {
    const config = await loadDocsExample('gitlab-path-prefix', { env: ENV });
    const service = createPullRequestService({
      config: new ConfigReader(config),
      logger: mockServices.logger.mock(),
    });
    await service.listOpenPullRequests(
      'https://git.example.com/gitlab/payments/deploy',
    );
    expect(seen).toEqual([
      expect.stringContaining(
        '/gitlab/api/v4/projects/payments%2Fdeploy/merge_requests?',
      ),
    ]);
  });
});
