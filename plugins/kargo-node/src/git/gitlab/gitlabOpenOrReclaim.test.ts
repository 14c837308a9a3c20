import { registerMswTestHooks } from '@backstage/backend-test-utils';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import {
  createTestService,
  GITLAB_API,
  gitlabMergeRequest,
} from '../__testUtils__/fixtures';

const server = setupServer();
registerMswTestHooks(server);

const MRS = `${GITLAB_API}/projects/payments%2Fdeploy/merge_requests`;
const REQUEST = {
  repoUrl: 'https://gitlab.com/payments/deploy',
  sourceBranch: 'release/payments-prod',
  targetBranch: 'main',
  title: 'Promote payments prod',
  description: 'Freight 1234',
};
const CONFLICT_409 = {
  message: [
    'Another open merge request already exists for this source branch: !7',
  ],
};

function existing(overrides: Parameters<typeof gitlabMergeRequest>[1] = {}) {
  return gitlabMergeRequest(7, {
    source: REQUEST.sourceBranch,
    title: REQUEST.title,
    description: REQUEST.description,
    ...overrides,
  });
}

/**
 * Serves the open !7 of the source branch (with `overrides`) and records the
 * body of its update (PUT), which answers the reclaimed merge request.
 */
function serveExistingForUpdate(
  overrides: Parameters<typeof gitlabMergeRequest>[1],
) {
  const sent: { update?: unknown } = {};
  server.use(
    http.get(MRS, () => HttpResponse.json([existing(overrides)])),
    http.put(`${MRS}/7`, async ({ request }) => {
      sent.update = await request.json();
      return HttpResponse.json(existing());
    }),
  );
  return sent;
}

describe('GitLab openOrReclaim', () => {
  it('creates a merge request when none is open for the source branch', async () => {
    const lookups: Array<Record<string, string>> = [];
    let created: unknown;
    server.use(
      http.get(MRS, ({ request }) => {
        lookups.push(Object.fromEntries(new URL(request.url).searchParams));
        return HttpResponse.json([]);
      }),
      http.post(MRS, async ({ request }) => {
        created = await request.json();
        return HttpResponse.json(gitlabMergeRequest(8), { status: 201 });
      }),
    );

    await expect(createTestService().openOrReclaim(REQUEST)).resolves.toEqual({
      number: 8,
      url: 'https://gitlab.com/payments/deploy/-/merge_requests/8',
      reclaimed: false,
    });
    expect(lookups).toEqual([
      expect.objectContaining({
        source_branch: REQUEST.sourceBranch,
        state: 'opened',
      }),
    ]);
    expect(created).toEqual({
      source_branch: REQUEST.sourceBranch,
      target_branch: 'main',
      title: REQUEST.title,
      description: REQUEST.description,
    });
  });

  it('returns the open merge request unchanged when nothing differs', async () => {
    const writes: string[] = [];
    server.use(
      http.get(MRS, () => HttpResponse.json([existing()])),
      http.all(`${MRS}*`, ({ request }) => {
        writes.push(request.method);
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    await expect(createTestService().openOrReclaim(REQUEST)).resolves.toEqual({
      number: 7,
      url: 'https://gitlab.com/payments/deploy/-/merge_requests/7',
      reclaimed: true,
    });
    expect(writes).toEqual([]);
  });

  it('updates a changed title', async () => {
    const sent = serveExistingForUpdate({ title: 'Old title' });
    await expect(
      createTestService().openOrReclaim(REQUEST),
    ).resolves.toMatchObject({
      number: 7,
      reclaimed: true,
    });
    expect(sent.update).toEqual({ title: REQUEST.title });
  });

  it('retargets an open merge request of the same source branch that targets another branch', async () => {
    const sent = serveExistingForUpdate({ target: 'release-1.x' });
    await expect(
      createTestService().openOrReclaim(REQUEST),
    ).resolves.toMatchObject({
      number: 7,
      reclaimed: true,
    });
    expect(sent.update).toEqual({ target_branch: 'main' });
  });

  it('answers 409 "already exists" (another writer won the race) with the existing merge request', async () => {
    let lookups = 0;
    server.use(
      http.get(MRS, () => {
        lookups += 1;
        return HttpResponse.json(lookups === 1 ? [] : [existing()]);
      }),
      http.post(MRS, () => HttpResponse.json(CONFLICT_409, { status: 409 })),
    );
    await expect(createTestService().openOrReclaim(REQUEST)).resolves.toEqual({
      number: 7,
      url: 'https://gitlab.com/payments/deploy/-/merge_requests/7',
      reclaimed: true,
    });
    expect(lookups).toBe(2);
  });

  it('answers 409 by the !N GitLab names when the lookup still finds nothing', async () => {
    let shown = false;
    server.use(
      http.get(MRS, () => HttpResponse.json([])),
      http.post(MRS, () => HttpResponse.json(CONFLICT_409, { status: 409 })),
      http.get(`${MRS}/7`, () => {
        shown = true;
        return HttpResponse.json(existing());
      }),
    );
    await expect(
      createTestService().openOrReclaim(REQUEST),
    ).resolves.toMatchObject({
      number: 7,
      reclaimed: true,
    });
    expect(shown).toBe(true);
  });

  it('answers another 4xx of the create with a typed error', async () => {
    server.use(
      http.get(MRS, () => HttpResponse.json([])),
      http.post(MRS, () =>
        HttpResponse.json(
          { message: { source_branch: ['is invalid'] } },
          { status: 400 },
        ),
      ),
    );
    await expect(
      createTestService().openOrReclaim(REQUEST),
    ).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringContaining('source_branch is invalid'),
    });
  });
});

describe('GitLab openOrReclaim never touches merge requests it does not own', () => {
  it("never reclaims, retitles or retargets a fork's merge request with the same source branch name", async () => {
    let edited = false;
    let created = false;
    server.use(
      http.get(MRS, () =>
        HttpResponse.json([
          existing({
            sourceProjectId: 99,
            target: 'other',
            title: 'Not yours',
          }),
        ]),
      ),
      http.put(`${MRS}/7`, () => {
        edited = true;
        return HttpResponse.json({});
      }),
      http.post(MRS, () => {
        created = true;
        return HttpResponse.json(
          gitlabMergeRequest(8, { source: REQUEST.sourceBranch }),
          {
            status: 201,
          },
        );
      }),
    );
    await expect(
      createTestService().openOrReclaim(REQUEST),
    ).resolves.toMatchObject({
      number: 8,
      reclaimed: false,
    });
    expect(edited).toBe(false);
    expect(created).toBe(true);
  });
});
