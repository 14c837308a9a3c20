import request from 'supertest';
import {
  DEMO_TOKENS,
  LARGE_FIXTURES_DIR,
  startSandbox,
} from '@kargo-backstage/kargo-sandbox';
import {
  type KargoTestBackend,
  startKargoTestBackend,
  user,
} from './__testUtils__/backend';

jest.setTimeout(60_000);

// The demo's Bitbucket Cloud project end to end: sandbox cluster and
// Bitbucket fake -> the backend's refresh -> the Stage's pull requests.
describe('the Bitbucket Cloud demo project (ledger)', () => {
  let backend: KargoTestBackend;

  afterAll(async () => {
    await backend?.stop();
    await backend?.sandbox.stop();
  });

  it("shows prod's open pull request #2 from Bitbucket Cloud, orphaned and attributed by its promotion branch", async () => {
    const sandbox = await startSandbox({
      port: 0,
      tokens: DEMO_TOKENS,
      controller: false,
      fixtures: [LARGE_FIXTURES_DIR],
    });
    backend = await startKargoTestBackend({
      sandbox,
      entities: [
        {
          apiVersion: 'backstage.io/v1alpha1',
          kind: 'Component',
          metadata: {
            name: 'ledger-api',
            namespace: 'default',
            annotations: { 'kargo.akuity.io/project': 'ledger' },
          },
          spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
        },
      ],
    });
    // The first pass lists the repositories it discovers; the second shows them.
    await backend.refresh();
    await backend.refresh();

    const res = await request(backend.server)
      .get('/api/kargo/projects/ledger/stages/prod')
      .set('authorization', user());

    expect(res.status).toBe(200);
    expect(res.body.pullRequestErrors).toEqual([]);
    expect(res.body.pullRequests).toEqual([
      expect.objectContaining({
        provider: 'bitbucket',
        repoUrl: 'https://bitbucket.org/acme/ledger-deploy',
        number: 2,
        url: 'https://bitbucket.org/acme/ledger-deploy/pull-requests/2',
        state: 'open',
        orphaned: true,
        promotion: expect.stringMatching(/^prod\./),
      }),
    ]);
  });
});
