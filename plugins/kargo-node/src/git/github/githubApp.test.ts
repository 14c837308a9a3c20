import {
  mockServices,
  registerMswTestHooks,
} from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { generateKeyPairSync } from 'node:crypto';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { createPullRequestService } from '../PullRequestService';
import { githubPull } from '../__testUtils__/fixtures';

const server = setupServer();
registerMswTestHooks(server);

const API = 'https://api.github.com';

describe('GitHub App integration', () => {
  it('lists with an installation token minted for the repository owner', async () => {
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    let appAuthorization: string | null = null;
    let listAuthorization: string | null = null;
    server.use(
      http.get(`${API}/app/installations`, ({ request }) => {
        appAuthorization = request.headers.get('authorization');
        return HttpResponse.json([
          { id: 77, account: { login: 'acme' }, suspended_by: null },
        ]);
      }),
      http.post(`${API}/app/installations/77/access_tokens`, () =>
        HttpResponse.json(
          {
            token: 'ghs_installation-token',
            expires_at: new Date(Date.now() + 3600_000).toISOString(),
            repository_selection: 'all',
          },
          { status: 201 },
        ),
      ),
      http.get(`${API}/repos/acme/checkout-deploy/pulls`, ({ request }) => {
        listAuthorization = request.headers.get('authorization');
        return HttpResponse.json([githubPull(42)]);
      }),
    );
    const service = createPullRequestService({
      config: new ConfigReader({
        integrations: {
          github: [
            {
              host: 'github.com',
              apps: [
                {
                  appId: 1234,
                  clientId: 'Iv1.test',
                  clientSecret: 'client-secret',
                  webhookSecret: 'webhook-secret',
                  privateKey,
                },
              ],
            },
          ],
        },
      }),
      logger: mockServices.logger.mock(),
    });

    const prs = await service.listOpenPullRequests(
      'https://github.com/acme/checkout-deploy',
    );

    expect(prs.map(pr => pr.number)).toEqual([42]);
    // The app authenticates with a JWT, the listing with the installation token.
    expect(appAuthorization).toMatch(/^bearer /i);
    expect(listAuthorization).toBe('token ghs_installation-token');
  });
});
