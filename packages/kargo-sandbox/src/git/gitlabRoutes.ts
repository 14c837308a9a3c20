import type { ApiRequest, Reply, Route } from './http';
import { compareBy, gitlabPageHeaders, pageOfRequest } from './pagination';
import { gitlabState, mergeRequestJson, projectJson } from './gitlabJson';
import type { GitFakeStore } from './store';
import type { GitPullRequest, GitRepository } from './types';

const PROJECT = '^/projects/([^/]+)';
const STATES = ['opened', 'closed', 'merged', 'locked', 'all'];

/** Grape's 400 for parameter problems: `{error: "x is missing, y ..."}`. */
const badRequest = (error: string): Reply => ({ status: 400, body: { error } });
const mrNotFound: Reply = { status: 404, body: { message: '404 Not found' } };

/** GitLab answers branch conflicts with 409 and the model errors as an array. */
function conflict(message: string): Reply {
  return { status: 409, body: { message: [message] } };
}

const duplicate = (pr: GitPullRequest) =>
  conflict(
    `Another open merge request already exists for this source branch: !${pr.number}`,
  );

/** GitLab reads write parameters from the query string as well as the body. */
function paramsOf(req: ApiRequest): Record<string, unknown> {
  return { ...Object.fromEntries(req.query), ...req.body };
}

const str = (params: Record<string, unknown>, name: string) => {
  const value = params[name];
  return typeof value === 'string' || typeof value === 'number'
    ? String(value)
    : undefined;
};

function labelsOf(value: unknown): string[] | undefined {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string')
    return value
      .split(',')
      .map(l => l.trim())
      .filter(Boolean);
  return undefined;
}

function listMergeRequests(
  req: ApiRequest,
  repo: GitRepository,
  store: GitFakeStore,
): Reply {
  const state = req.query.get('state') ?? 'all';
  const orderBy = req.query.get('order_by') ?? 'created_at';
  const sort = req.query.get('sort') ?? 'desc';
  if (!STATES.includes(state))
    return badRequest('state does not have a valid value');
  if (!['created_at', 'updated_at'].includes(orderBy)) {
    return badRequest('order_by does not have a valid value');
  }
  if (!['asc', 'desc'].includes(sort))
    return badRequest('sort does not have a valid value');
  const source = req.query.get('source_branch');
  const target = req.query.get('target_branch');
  const key = (pr: GitPullRequest) =>
    orderBy === 'updated_at' ? pr.updatedAt : pr.createdAt;
  const mrs = store
    .pullsOfRepository(repo)
    .filter(pr => state === 'all' || gitlabState(pr) === state)
    .filter(pr => !source || pr.sourceBranch === source)
    .filter(pr => !target || pr.targetBranch === target)
    .sort(compareBy(key, pr => pr.id, sort));
  const { page, link } = pageOfRequest(req, mrs, 'gitlab', 20);
  return {
    status: 200,
    body: page.items.map(pr => mergeRequestJson(repo, pr)),
    headers: { ...gitlabPageHeaders(page), ...(link ? { link } : {}) },
  };
}

function createMergeRequest(
  req: ApiRequest,
  repo: GitRepository,
  store: GitFakeStore,
): Reply {
  const params = paramsOf(req);
  const source = str(params, 'source_branch');
  const target = str(params, 'target_branch');
  const title = str(params, 'title');
  const missing = (
    [
      ['source_branch', source],
      ['target_branch', target],
      ['title', title],
    ] as const
  ).filter(([, v]) => !v);
  if (missing.length || !source || !target || !title) {
    return badRequest(missing.map(([name]) => `${name} is missing`).join(', '));
  }
  if (source === target) {
    return conflict("You can't use same project/branch for source and target");
  }
  const write = store.create(repo, {
    sourceBranch: source,
    targetBranch: target,
    title,
    description: str(params, 'description'),
    labels: labelsOf(params.labels),
    draft: /^\s*(\[draft\]|\(draft\)|draft:|draft\s-\s)/i.test(title),
  });
  if (write.conflict) return duplicate(write.conflict);
  return { status: 201, body: mergeRequestJson(repo, write.pr) };
}

function updateMergeRequest(
  req: ApiRequest,
  repo: GitRepository,
  store: GitFakeStore,
  iid: number,
): Reply {
  const params = paramsOf(req);
  const event = str(params, 'state_event');
  if (event !== undefined && event !== 'close' && event !== 'reopen') {
    return badRequest('state_event does not have a valid value');
  }
  const write = store.update(repo, iid, {
    title: str(params, 'title'),
    description: str(params, 'description'),
    state: event && (event === 'close' ? 'closed' : 'open'),
  });
  if (!write) return mrNotFound;
  if (write.conflict) return duplicate(write.conflict);
  return { status: 200, body: mergeRequestJson(repo, write.pr) };
}

function acceptMergeRequest(
  repo: GitRepository,
  store: GitFakeStore,
  iid: number,
): Reply {
  const mr = store.get(repo, iid);
  if (!mr) return mrNotFound;
  if (mr.state !== 'open')
    return { status: 405, body: { message: '405 Method Not Allowed' } };
  return {
    status: 200,
    body: mergeRequestJson(repo, store.merge(repo.repoURL, iid)),
  };
}

/** The GitLab v4 routes gitbeaker's Projects.show and MergeRequests.* use. */
export function gitlabRoutes(store: GitFakeStore): Route[] {
  const withProject =
    (fn: (req: ApiRequest, repo: GitRepository, iid: number) => Reply) =>
    (req: ApiRequest, params: string[]): Reply => {
      const repo = store.findGitLabProject(decodeURIComponent(params[0]));
      if (!repo)
        return { status: 404, body: { message: '404 Project Not Found' } };
      return fn(req, repo, Number(params[1]));
    };
  const mrs = `${PROJECT}/merge_requests`;
  const single = `${mrs}/(\\d+)`;
  return [
    {
      method: 'GET',
      pattern: new RegExp(`${PROJECT}/?$`),
      template: 'GET /projects/:id',
      handle: withProject((_req, repo) => ({
        status: 200,
        body: projectJson(repo),
      })),
    },
    {
      method: 'GET',
      pattern: new RegExp(`${mrs}/?$`),
      template: 'GET /projects/:id/merge_requests',
      handle: withProject((req, repo) => listMergeRequests(req, repo, store)),
    },
    {
      method: 'POST',
      pattern: new RegExp(`${mrs}/?$`),
      template: 'POST /projects/:id/merge_requests',
      handle: withProject((req, repo) => createMergeRequest(req, repo, store)),
    },
    {
      method: 'GET',
      pattern: new RegExp(`${single}/?$`),
      template: 'GET /projects/:id/merge_requests/:merge_request_iid',
      handle: withProject((_req, repo, iid) => {
        const mr = store.get(repo, iid);
        return mr
          ? { status: 200, body: mergeRequestJson(repo, mr) }
          : mrNotFound;
      }),
    },
    {
      method: 'PUT',
      pattern: new RegExp(`${single}/?$`),
      template: 'PUT /projects/:id/merge_requests/:merge_request_iid',
      handle: withProject((req, repo, iid) =>
        updateMergeRequest(req, repo, store, iid),
      ),
    },
    {
      method: 'DELETE',
      pattern: new RegExp(`${PROJECT}/repository/branches/([^/]+)/?$`),
      template: 'DELETE /projects/:id/repository/branches/:branch',
      handle: (_req, params) => {
        const repo = store.findGitLabProject(decodeURIComponent(params[0]));
        if (!repo)
          return { status: 404, body: { message: '404 Project Not Found' } };
        return store.deleteBranch(repo, decodeURIComponent(params[1]))
          ? { status: 204 }
          : { status: 404, body: { message: '404 Branch Not Found' } };
      },
    },
    {
      method: 'PUT',
      pattern: new RegExp(`${single}/merge/?$`),
      template: 'PUT /projects/:id/merge_requests/:merge_request_iid/merge',
      handle: withProject((_req, repo, iid) =>
        acceptMergeRequest(repo, store, iid),
      ),
    },
  ];
}
