import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import {
  DefaultGithubCredentialsProvider,
  ScmIntegrations,
} from '@backstage/integration';
import {
  type Sandbox,
  sandboxBackstageConfig,
  startSandbox,
} from '@kargo-backstage/kargo-sandbox';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parseRepoUrl } from '../parseRepoUrl';
import { emptyStats } from '../stats';
import { GithubClientProvider } from './githubClient';
import { GithubPullRequests } from './GithubPullRequests';

setFlagsFromString('--expose-gc');
const gc: () => void = runInNewContext('gc');

// Three full collections and a real server on a shared machine.
jest.setTimeout(30_000);

// Against the sandbox's GitHub fake over loopback HTTP: Node's own fetch.
describe('GitHub client', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, controller: false });
  });
  afterAll(() => sandbox?.stop());

  it('lists pull requests when garbage collection runs before the page is read', async () => {
    const config = new ConfigReader(sandboxBackstageConfig(sandbox));
    const integrations = ScmIntegrations.fromConfig(config);
    const stats = emptyStats();
    const logger = mockServices.logger.mock();
    const clients = new GithubClientProvider({
      integrations,
      credentialsProvider:
        DefaultGithubCredentialsProvider.fromIntegrations(integrations),
      logger,
      stats,
    });
    const repo = parseRepoUrl('https://github.com/acme/checkout-deploy');
    // Between Octokit's answer and its reading (a busy backend collects
    // garbage there): the Response object is unreachable, only its body is.
    const client = await clients.clientFor(repo);
    client.octokit.hook.after('request', async () => {
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise(r => setTimeout(r, 5));
      }
    });
    const github = new GithubPullRequests({ clients, stats, logger });

    const prs = await github.listOpen(repo);

    expect(prs.map(pr => pr.number)).toEqual(expect.arrayContaining([41, 42]));
  });
});
