import {
  mockServices,
  registerMswTestHooks,
} from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { serializeError } from '@backstage/errors';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  BITBUCKET_API,
  BITBUCKET_TOKEN,
  createTestService,
} from '../__testUtils__/fixtures';
import { createPullRequestService } from '../PullRequestService';

const server = setupServer();
registerMswTestHooks(server);

const REPO = 'https://bitbucket.org/acme/deploy';
const PULLS = `${BITBUCKET_API}/repositories/acme/deploy/pullrequests`;

/** A pull request as Bitbucket Cloud's REST API 2.0 answers it. */
function bitbucketPull(
  id: number,
  overrides: { source?: string; sourceRepo?: string; title?: string } = {},
) {
  return {
    type: 'pullrequest',
    id,
    title: overrides.title ?? `Promote #${id}`,
    description: '',
    state: 'OPEN',
    created_on: '2026-11-30T10:00:00+00:00',
    author: { nickname: 'kargo-bot', display_name: 'Kargo' },
    source: {
      branch: { name: overrides.source ?? `kargo/promotion/prod.${id}` },
      commit: { hash: `abc${id}` },
      repository: { full_name: overrides.sourceRepo ?? 'acme/deploy' },
    },
    destination: {
      branch: { name: 'main' },
      repository: { full_name: 'acme/deploy' },
    },
    links: { html: { href: `${REPO}/pull-requests/${id}` } },
  };
}

describe('Bitbucket Cloud pull requests', () => {
  it('follows `next` links page by page and sends an access token as Bearer', async () => {
    const auth: Array<string | null> = [];
    server.use(
      http.get(PULLS, ({ request }) => {
        auth.push(request.headers.get('authorization'));
        const page = new URL(request.url).searchParams.get('page');
        return HttpResponse.json(
          page === '2'
            ? { values: [bitbucketPull(2)] }
            : {
                values: [bitbucketPull(1)],
                next: `${PULLS}?state=OPEN&page=2`,
              },
        );
      }),
    );
    const prs = await createTestService().listOpenPullRequests(REPO);
    expect(prs.map(pr => [pr.number, pr.url, pr.author])).toEqual([
      [1, `${REPO}/pull-requests/1`, 'kargo-bot'],
      [2, `${REPO}/pull-requests/2`, 'kargo-bot'],
    ]);
    expect(auth).toEqual([
      `Bearer ${BITBUCKET_TOKEN}`,
      `Bearer ${BITBUCKET_TOKEN}`,
    ]);
  });

  it('sends username and app password as Basic, as Backstage does, to the apiBaseUrl config names', async () => {
    let auth: string | null = null;
    server.use(
      http.get(
        'https://bitbucket-proxy.example.com/2.0/repositories/acme/deploy/pullrequests',
        ({ request }) => {
          auth = request.headers.get('authorization');
          return HttpResponse.json({ values: [] });
        },
      ),
    );
    const service = createPullRequestService({
      config: new ConfigReader({
        integrations: {
          bitbucketCloud: [
            {
              username: 'kargo',
              appPassword: 'app-secret',
              apiBaseUrl: 'https://bitbucket-proxy.example.com/2.0',
            },
          ],
        },
      }),
      logger: mockServices.logger.mock(),
    });
    await expect(service.listOpenPullRequests(REPO)).resolves.toEqual([]);
    expect(auth).toBe(
      `Basic ${Buffer.from('kargo:app-secret').toString('base64')}`,
    );
  });

  it("never reclaims (retitles) a fork's pull request whose source branch has the same name", async () => {
    const writes: Array<{ method: string; body: unknown }> = [];
    server.use(
      http.get(PULLS, () =>
        HttpResponse.json({
          values: [
            bitbucketPull(4, {
              source: 'kargo/promotion/prod.x',
              sourceRepo: 'mallory/deploy',
            }),
          ],
        }),
      ),
      http.post(PULLS, async ({ request }) => {
        writes.push({ method: 'POST', body: await request.json() });
        return HttpResponse.json(
          bitbucketPull(5, { source: 'kargo/promotion/prod.x' }),
          {
            status: 201,
          },
        );
      }),
      http.put(`${PULLS}/4`, () => {
        writes.push({ method: 'PUT', body: null });
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    const result = await createTestService().openOrReclaim({
      repoUrl: REPO,
      sourceBranch: 'kargo/promotion/prod.x',
      targetBranch: 'main',
      title: 'Promote',
    });
    expect(result).toEqual({
      number: 5,
      url: `${REPO}/pull-requests/5`,
      reclaimed: false,
    });
    expect(writes).toEqual([
      {
        method: 'POST',
        body: {
          title: 'Promote',
          source: { branch: { name: 'kargo/promotion/prod.x' } },
          destination: { branch: { name: 'main' } },
        },
      },
    ]);
  });

  it("words Bitbucket's error and never the token", async () => {
    server.use(
      http.get(PULLS, () =>
        HttpResponse.json(
          {
            type: 'error',
            error: {
              message: `Token ${BITBUCKET_TOKEN} lacks scope pullrequest`,
            },
          },
          { status: 403 },
        ),
      ),
    );
    const error = await createTestService()
      .listOpenPullRequests(REPO)
      .catch(e => e);
    expect(error).toMatchObject({
      name: 'ServiceUnavailableError',
      code: 'gitForbidden',
      message: expect.stringContaining('lacks scope pullrequest'),
    });
    expect(JSON.stringify(serializeError(error))).not.toContain(
      BITBUCKET_TOKEN,
    );
  });
});
