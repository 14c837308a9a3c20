import { GitFakeStore } from './store';
import { prFixture, startGitTestServer } from './testServer';

const REPO = 'https://bitbucket.org/acme/ledger-deploy';
const TOKEN = 'sandbox-bitbucket-token';

// The wire format of Bitbucket Cloud's REST API 2.0 as its documentation and
// Kargo's generated client (akuity/kargo pkg/gitprovider/bitbucket/cloud)
// read it, driven with plain fetch.
describe('fake Bitbucket Cloud REST API 2.0', () => {
  let store: GitFakeStore;
  let server: Awaited<ReturnType<typeof startGitTestServer>>;

  beforeEach(async () => {
    store = new GitFakeStore();
    for (let n = 1; n <= 3; n += 1) {
      store.addFromFixture(prFixture('BitbucketPullRequest', REPO, n));
    }
    store.addFromFixture(
      prFixture('BitbucketPullRequest', REPO, 4, { state: 'merged' }),
    );
    server = await startGitTestServer(store);
  });

  afterEach(() => server.stop());

  const api = (path: string, init: RequestInit = {}, token = TOKEN) =>
    fetch(`${server.bitbucketApiUrl}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...init.headers,
      },
    });
  const pulls = '/repositories/acme/ledger-deploy/pullrequests';

  it('lists OPEN pull requests page by page with size, pagelen and an absolute next', async () => {
    const first = await (await api(`${pulls}?pagelen=2`)).json();
    expect(first).toMatchObject({ size: 3, page: 1, pagelen: 2 });
    expect(first.values.map((pr: any) => [pr.id, pr.state])).toEqual([
      [3, 'OPEN'],
      [2, 'OPEN'],
    ]);
    expect(first.values[0]).toMatchObject({
      type: 'pullrequest',
      source: {
        branch: { name: 'kargo/promotion/p-3' },
        repository: { full_name: 'acme/ledger-deploy' },
      },
      destination: { branch: { name: 'main' } },
      author: { nickname: 'kargo-bot' },
      links: { html: { href: `${REPO}/pull-requests/3` } },
    });
    expect(first.values[0].source.commit.hash).toHaveLength(12);

    const second = await (
      await fetch(first.next, {
        headers: { authorization: `Bearer ${TOKEN}` },
      })
    ).json();
    expect(second.values.map((pr: any) => pr.id)).toEqual([1]);
    expect(second.next).toBeUndefined();

    const merged = await (await api(`${pulls}?state=MERGED`)).json();
    expect(merged.values.map((pr: any) => pr.id)).toEqual([4]);
  });

  it('creates a pull request (201), refuses a second one between the same branches, and declines it', async () => {
    const body = {
      title: 'Promote',
      source: { branch: { name: 'kargo/promotion/prod.x' } },
      destination: { branch: { name: 'main' } },
    };
    const created = await api(pulls, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(created.status).toBe(201);
    const pr = await created.json();
    expect(pr).toMatchObject({ id: 5, state: 'OPEN', title: 'Promote' });

    const again = await api(pulls, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({
      type: 'error',
      error: { message: expect.any(String) },
    });

    const declined = await api(`${pulls}/5/decline`, { method: 'POST' });
    expect(declined.status).toBe(200);
    expect((await declined.json()).state).toBe('DECLINED');
    expect(store.list(REPO).find(p => p.number === 5)?.state).toBe('closed');
  });

  it('deletes a branch it knows (204) and 404s one it does not', async () => {
    const branch = encodeURIComponent('kargo/promotion/p-1');
    const path = `/repositories/acme/ledger-deploy/refs/branches/${branch}`;
    expect((await api(path, { method: 'DELETE' })).status).toBe(204);
    expect((await api(path, { method: 'DELETE' })).status).toBe(404);
  });

  it('accepts Basic with the token as password, and answers a wrong token 401 in its error shape', async () => {
    const basic = Buffer.from(`kargo:${TOKEN}`).toString('base64');
    const ok = await fetch(`${server.bitbucketApiUrl}${pulls}`, {
      headers: { authorization: `Basic ${basic}` },
    });
    expect(ok.status).toBe(200);

    const wrong = await api(pulls, {}, 'nope');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      type: 'error',
      error: { message: 'Unauthorized' },
    });
  });

  it('answers an unknown repository 404', async () => {
    const missing = await api('/repositories/acme/missing/pullrequests');
    expect(missing.status).toBe(404);
  });
});
