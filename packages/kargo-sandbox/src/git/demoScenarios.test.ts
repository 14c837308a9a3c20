import fs from 'node:fs';
import path from 'node:path';
import { Gitlab } from '@gitbeaker/rest';
import { Octokit } from '@octokit/rest';
import { parseAllDocuments } from 'yaml';
import { isGitFixture } from './fixtures';
import { GitFakeStore } from './store';
import { startGitTestServer } from './testServer';

const DEMO_DIR = path.resolve(__dirname, '../../fixtures/demo');
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** The Git documents of the shipped demo scenarios, loaded as the sandbox loads them. */
function demoStore(): GitFakeStore {
  const store = new GitFakeStore();
  for (const file of fs
    .readdirSync(DEMO_DIR)
    .filter(f => f.endsWith('.yaml'))) {
    const text = fs.readFileSync(path.join(DEMO_DIR, file), 'utf8');
    for (const doc of parseAllDocuments(text)) {
      const value = doc.toJS();
      if (isGitFixture(value)) store.addFromFixture(value);
    }
  }
  return store;
}

describe('the demo scenarios through the real clients', () => {
  let server: Awaited<ReturnType<typeof startGitTestServer>>;

  beforeEach(async () => {
    server = await startGitTestServer(demoStore());
  });

  afterEach(() => server.stop());

  it('lists the open checkout PRs #41 (orphaned) and #42 (recorded)', async () => {
    const octokit = new Octokit({
      auth: 'sandbox-github-token',
      baseUrl: server.githubApiUrl,
      log: quiet,
    });
    const open = await octokit.paginate(octokit.pulls.list, {
      owner: 'acme',
      repo: 'checkout-deploy',
      state: 'open',
    });
    expect(open.map(pr => pr.number).sort()).toEqual([41, 42]);
    expect(
      open.every(pr => pr.head.ref.startsWith('kargo/promotion/prod.')),
    ).toBe(true);
  });

  it("answers a second MR on payments' release branch with GitLab's 409 naming !7", async () => {
    const gitlab = new Gitlab({
      host: server.gitlabUrl,
      token: 'sandbox-gitlab-token',
    });
    const open = await gitlab.MergeRequests.all({
      projectId: 'payments/deploy',
      state: 'opened',
      sourceBranch: 'release/payments-prod',
    });
    expect(open.map(mr => mr.iid)).toEqual([7]);
    await expect(
      gitlab.MergeRequests.create(
        'payments/deploy',
        'release/payments-prod',
        'main',
        'Promote',
      ),
    ).rejects.toThrow(
      'Another open merge request already exists for this source branch: !7',
    );
  });
});
