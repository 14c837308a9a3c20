import request from 'supertest';
import {
  startKargoTestBackend,
  user,
  type KargoTestBackend,
} from '../../__testUtils__/backend';

// The closing attack on issue 35: pull-requests/close listed the given
// repoUrl with the portal's Git identity before checking it is one of the
// Stage's repositories (an oracle for private repositories, and quota).
jest.setTimeout(90_000);

describe('closing a PR: the repoUrl of the request never reaches Git unless the Stage uses it', () => {
  let backend: KargoTestBackend;
  beforeAll(async () => {
    backend = await startKargoTestBackend();
    await backend.refresh();
  });
  afterAll(() => backend.stop());

  const close = (repoUrl: string) =>
    request(backend.server)
      .post('/api/kargo/projects/checkout/stages/prod/pull-requests/close')
      .set('Authorization', user())
      .send({ repoUrl, number: 1 });

  it('answers a repository the Stage does not use the same whether it exists for the portal or not, without asking Git', async () => {
    backend.sandbox.faults.resetCounts();
    const answers = [
      await close('https://gitlab.example.com/payments/deploy'),
      await close('https://gitlab.example.com/payments/no-such-private-repo'),
      await close('https://github.com/acme/edge-deploy'),
      await close('http://169.254.169.254/latest/meta-data'),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('pullRequestNotOfStage');
    }
    expect(
      backend.sandbox.faults.requests().filter(r => r.api !== 'kubernetes'),
    ).toEqual([]);
  });

  // Final attack on issue 35: `<other repo>/-/../../../<the Stage's repo>`
  // is the Stage's repository once resolved (so it passed the check), but
  // the Git client cut it at `/-/` first and listed the other repository.
  it("lists only the Stage's own repository, however the request's URL walks back to it", async () => {
    backend.sandbox.faults.resetCounts();
    const answers = [
      await close(
        'https://github.com/acme/edge-deploy/-/../../../acme/checkout-deploy',
      ),
      await close(
        'https://github.com/acme/no-such-private-repo/-/../../../acme/checkout-deploy',
      ),
      await close(
        'https://github.com/acme/edge-deploy/-/%2e%2e/%2e%2e/%2e%2e/acme/checkout-deploy',
      ),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe('pullRequestNotOfStage');
    }
    const gitPaths = backend.sandbox.faults
      .requests()
      .filter(r => r.api !== 'kubernetes')
      .map(r => decodeURIComponent(r.url));
    expect(gitPaths.length).toBeGreaterThan(0);
    for (const path of gitPaths) {
      expect(path).toContain('acme/checkout-deploy');
      expect(path).not.toMatch(/edge-deploy|no-such-private-repo/);
    }
  });
});
