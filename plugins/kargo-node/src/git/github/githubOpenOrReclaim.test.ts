import { registerMswTestHooks } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  createTestService,
  GITHUB_API,
  githubPull,
} from '../__testUtils__/fixtures';

const server = setupServer();
registerMswTestHooks(server);

const PULLS = `${GITHUB_API}/repos/acme/checkout-deploy/pulls`;
const REQUEST = {
  repoUrl: 'https://github.com/acme/checkout-deploy',
  sourceBranch: 'kargo/promotion/prod.01abc',
  targetBranch: 'main',
  title: 'Promote prod',
  description: 'Freight abc',
};

describe('GitHub openOrReclaim', () => {
  it('creates a pull request when none is open for source -> target', async () => {
    const lookups: Array<Record<string, string>> = [];
    let created: unknown;
    server.use(
      http.get(PULLS, ({ request }) => {
        lookups.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json([]);
      }),
      http.post(PULLS, async ({ request }) => {
        created = await request.json();
        return HttpResponse.json(
          githubPull(50, { head: REQUEST.sourceBranch }),
          {
            status: 201,
          },
        );
      }),
    );

    const result = await createTestService().openOrReclaim(REQUEST);

    expect(result).toEqual({
      number: 50,
      url: 'https://github.com/acme/checkout-deploy/pull/50',
      reclaimed: false,
    });
    // GitHub's head filter wants owner:branch.
    expect(lookups).toEqual([
      expect.objectContaining({
        head: 'acme:kargo/promotion/prod.01abc',
        base: 'main',
        state: 'open',
      }),
    ]);
    expect(created).toEqual({
      head: REQUEST.sourceBranch,
      base: 'main',
      title: 'Promote prod',
      body: 'Freight abc',
    });
  });

  it('returns the open pull request unchanged when title and description match', async () => {
    const writes: string[] = [];
    server.use(
      http.get(PULLS, () =>
        HttpResponse.json([
          githubPull(42, {
            head: REQUEST.sourceBranch,
            title: REQUEST.title,
            body: REQUEST.description,
          }),
        ]),
      ),
      http.all(`${PULLS}*`, ({ request }) => {
        writes.push(request.method);
        return HttpResponse.json({}, { status: 500 });
      }),
    );

    await expect(createTestService().openOrReclaim(REQUEST)).resolves.toEqual({
      number: 42,
      url: 'https://github.com/acme/checkout-deploy/pull/42',
      reclaimed: true,
    });
    expect(writes).toEqual([]);
  });

  it('updates the title and description of the open pull request when they changed', async () => {
    let patch: unknown;
    server.use(
      http.get(PULLS, () =>
        HttpResponse.json([
          githubPull(42, { head: REQUEST.sourceBranch, title: 'Old title' }),
        ]),
      ),
      http.patch(`${PULLS}/42`, async ({ request }) => {
        patch = await request.json();
        return HttpResponse.json(githubPull(42));
      }),
    );

    await expect(createTestService().openOrReclaim(REQUEST)).resolves.toEqual(
      expect.objectContaining({ number: 42, reclaimed: true }),
    );
    expect(patch).toEqual({ title: 'Promote prod', body: 'Freight abc' });
  });

  it('answers 422 "already exists" (another writer won the race) with the existing pull request', async () => {
    let lookups = 0;
    server.use(
      http.get(PULLS, () => {
        lookups += 1;
        return HttpResponse.json(
          lookups === 1
            ? []
            : [
                githubPull(43, {
                  head: REQUEST.sourceBranch,
                  title: REQUEST.title,
                  body: REQUEST.description,
                }),
              ],
        );
      }),
      http.post(PULLS, () =>
        HttpResponse.json(
          {
            message: 'Validation Failed',
            errors: [
              {
                resource: 'PullRequest',
                code: 'custom',
                message: `A pull request already exists for acme:${REQUEST.sourceBranch}.`,
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );

    await expect(createTestService().openOrReclaim(REQUEST)).resolves.toEqual({
      number: 43,
      url: 'https://github.com/acme/checkout-deploy/pull/43',
      reclaimed: true,
    });
    expect(lookups).toBe(2);
  });

  it("answers another 422 with InputError carrying GitHub's reason", async () => {
    server.use(
      http.get(PULLS, () => HttpResponse.json([])),
      http.post(PULLS, () =>
        HttpResponse.json(
          {
            message: 'Validation Failed',
            errors: [
              {
                message:
                  'No commits between main and kargo/promotion/prod.01abc',
              },
            ],
          },
          { status: 422 },
        ),
      ),
    );
    await expect(
      createTestService().openOrReclaim(REQUEST),
    ).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringContaining('No commits between main'),
    });
  });

  it('refuses empty branches and a source equal to the target', async () => {
    const service = createTestService();
    await expect(
      service.openOrReclaim({ ...REQUEST, sourceBranch: ' ' }),
    ).rejects.toMatchObject({ name: 'InputError' });
    await expect(
      service.openOrReclaim({ ...REQUEST, sourceBranch: 'main' }),
    ).rejects.toMatchObject({ name: 'InputError' });
    expect(service.stats().github).toBe(0);
  });
});

describe('GitHub openOrReclaim never touches pull requests it does not own', () => {
  it("never reclaims (retitles) a fork's pull request whose head branch has the same name", async () => {
    let updated = false;
    let created = false;
    server.use(
      http.get(PULLS, () =>
        HttpResponse.json([
          githubPull(77, {
            head: REQUEST.sourceBranch,
            headRepo: 'mallory/checkout-deploy',
            title: 'Not yours',
          }),
        ]),
      ),
      http.patch(`${PULLS}/77`, () => {
        updated = true;
        return HttpResponse.json({});
      }),
      http.post(PULLS, () => {
        created = true;
        return HttpResponse.json(
          githubPull(78, { head: REQUEST.sourceBranch }),
          {
            status: 201,
          },
        );
      }),
    );
    await expect(
      createTestService().openOrReclaim(REQUEST),
    ).resolves.toMatchObject({
      number: 78,
      reclaimed: false,
    });
    expect(updated).toBe(false);
    expect(created).toBe(true);
  });

  it.each(['mallory:kargo/promotion/prod.01abc', 'refs/tags/v1', 'a..b'])(
    'refuses the fork head or non-branch %j before any request',
    async sourceBranch => {
      let requests = 0;
      server.use(
        http.all(`${GITHUB_API}/*`, () => {
          requests += 1;
          return HttpResponse.json([]);
        }),
      );
      await expect(
        createTestService().openOrReclaim({ ...REQUEST, sourceBranch }),
      ).rejects.toMatchObject({ name: 'InputError' });
      expect(requests).toBe(0);
    },
  );
});
