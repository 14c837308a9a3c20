import {
  intParam,
  stringField,
  type ApiRequest,
  type Reply,
  type Route,
} from './http';
import { paginate } from './pagination';
import {
  bitbucketError,
  bitbucketState,
  pullRequestJson,
  repositoryJson,
} from './bitbucketCloudJson';
import type { GitFakeStore } from './store';
import type { GitRepository } from './types';

const SEG = '([^/]+)';
const REPO = `^/repositories/${SEG}/${SEG}`;
const STATES = ['OPEN', 'MERGED', 'DECLINED', 'SUPERSEDED'];

const notFound = (what: string) => bitbucketError(404, `${what} not found`);

/** `{ branch: { name } }` of a create body's source or destination. */
function branchOf(value: unknown): string | undefined {
  const name = (value as { branch?: { name?: unknown } } | undefined)?.branch
    ?.name;
  return typeof name === 'string' && name ? name : undefined;
}

/**
 * `GET .../pullrequests`: `state` may repeat (default OPEN), `pagelen` is
 * 1..50 (default 10), `page` from 1; the page has `values`, `size`, `page`,
 * `pagelen` and an absolute `next` while there are more.
 */
function listPullRequests(
  req: ApiRequest,
  repo: GitRepository,
  store: GitFakeStore,
): Reply {
  const states = req.query.getAll('state').map(s => s.toUpperCase());
  const bad = states.find(s => !STATES.includes(s));
  if (bad) return bitbucketError(400, `Invalid state: ${bad}`);
  const wanted = states.length ? states : ['OPEN'];
  const all = store
    .pullsOfRepository(repo)
    .filter(pr => wanted.includes(bitbucketState(pr)))
    .sort((a, b) => b.number - a.number);
  const page = paginate(
    all,
    intParam(req.query, 'page', 1, 1, 100000),
    intParam(req.query, 'pagelen', 10, 1, 50),
  );
  const next = new URLSearchParams(req.query);
  next.set('page', String(page.page + 1));
  next.set('pagelen', String(page.perPage));
  return {
    status: 200,
    body: {
      size: page.total,
      page: page.page,
      pagelen: page.perPage,
      ...(page.page < page.totalPages
        ? { next: `${req.origin}${req.base}${req.path}?${next.toString()}` }
        : {}),
      values: page.items.map(pr => pullRequestJson(req, repo, pr)),
    },
  };
}

function createPullRequest(
  req: ApiRequest,
  repo: GitRepository,
  store: GitFakeStore,
): Reply {
  const title = stringField(req.body, 'title');
  const source = branchOf(req.body.source);
  if (!title) return bitbucketError(400, 'title: This field is required.');
  if (!source) return bitbucketError(400, 'source: This field is required.');
  // Without a destination, Bitbucket targets the repository's main branch.
  const target = branchOf(req.body.destination) ?? repo.defaultBranch;
  if (source === target) {
    return bitbucketError(400, 'source and destination branches must differ');
  }
  const write = store.create(repo, {
    sourceBranch: source,
    targetBranch: target,
    title,
    description: stringField(req.body, 'description'),
    author: 'kargo-bot',
  });
  if (write.conflict) {
    return bitbucketError(
      400,
      `There is already an open pull request #${write.conflict.number} from ${source} to ${target}`,
    );
  }
  return { status: 201, body: pullRequestJson(req, repo, write.pr) };
}

/**
 * The Bitbucket Cloud REST API 2.0 routes a pull request client uses: list,
 * create, get, update, decline, merge, and deleting a branch.
 */
export function bitbucketCloudRoutes(store: GitFakeStore): Route[] {
  const withRepo =
    (fn: (req: ApiRequest, repo: GitRepository, rest: string[]) => Reply) =>
    (req: ApiRequest, params: string[]): Reply => {
      const [workspace, slug, ...rest] = params.map(decodeURIComponent);
      const repo = store.findRepository('bitbucket', `${workspace}/${slug}`);
      if (!repo) return notFound(`Repository ${workspace}/${slug}`);
      return fn(req, repo, rest);
    };
  const withPull = (
    fn: (req: ApiRequest, repo: GitRepository, id: number) => Reply,
  ) =>
    withRepo((req, repo, [id]) =>
      store.get(repo, Number(id))
        ? fn(req, repo, Number(id))
        : notFound(`Pull request ${id}`),
    );
  const pulls = `${REPO}/pullrequests`;
  const single = `${pulls}/(\\d+)`;
  return [
    {
      method: 'GET',
      pattern: new RegExp(`${REPO}/?$`),
      template: 'GET /repositories/{workspace}/{repo_slug}',
      handle: withRepo((req, repo) => ({
        status: 200,
        body: repositoryJson(req, repo),
      })),
    },
    {
      method: 'GET',
      pattern: new RegExp(`${pulls}/?$`),
      template: 'GET /repositories/{workspace}/{repo_slug}/pullrequests',
      handle: withRepo((req, repo) => listPullRequests(req, repo, store)),
    },
    {
      method: 'POST',
      pattern: new RegExp(`${pulls}/?$`),
      template: 'POST /repositories/{workspace}/{repo_slug}/pullrequests',
      handle: withRepo((req, repo) => createPullRequest(req, repo, store)),
    },
    {
      method: 'GET',
      pattern: new RegExp(`${single}/?$`),
      template:
        'GET /repositories/{workspace}/{repo_slug}/pullrequests/{pull_request_id}',
      handle: withPull((req, repo, id) => ({
        status: 200,
        body: pullRequestJson(req, repo, store.get(repo, id)!),
      })),
    },
    {
      method: 'PUT',
      pattern: new RegExp(`${single}/?$`),
      template:
        'PUT /repositories/{workspace}/{repo_slug}/pullrequests/{pull_request_id}',
      handle: withPull((req, repo, id) => {
        const write = store.update(repo, id, {
          title: stringField(req.body, 'title'),
          description: stringField(req.body, 'description'),
        });
        return { status: 200, body: pullRequestJson(req, repo, write!.pr!) };
      }),
    },
    {
      method: 'POST',
      pattern: new RegExp(`${single}/decline/?$`),
      template:
        'POST /repositories/{workspace}/{repo_slug}/pullrequests/{pull_request_id}/decline',
      handle: withPull((req, repo, id) => {
        if (store.get(repo, id)!.state !== 'open') {
          return bitbucketError(
            400,
            'Only an open pull request can be declined',
          );
        }
        const write = store.update(repo, id, { state: 'closed' });
        return { status: 200, body: pullRequestJson(req, repo, write!.pr!) };
      }),
    },
    {
      method: 'POST',
      pattern: new RegExp(`${single}/merge/?$`),
      template:
        'POST /repositories/{workspace}/{repo_slug}/pullrequests/{pull_request_id}/merge',
      handle: withPull((req, repo, id) => {
        if (store.get(repo, id)!.state !== 'open') {
          return bitbucketError(400, 'Only an open pull request can be merged');
        }
        return {
          status: 200,
          body: pullRequestJson(req, repo, store.merge(repo.repoURL, id)),
        };
      }),
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`${REPO}/refs/branches/(.+?)/?$`),
      template:
        'DELETE /repositories/{workspace}/{repo_slug}/refs/branches/{name}',
      handle: withRepo((_req, repo, [branch]) =>
        store.deleteBranch(repo, branch)
          ? { status: 204 }
          : notFound(`Branch ${branch}`),
      ),
    },
  ];
}
