import { stringField, type ApiRequest, type Reply, type Route } from './http';
import { compareBy, pageOfRequest } from './pagination';
import { GITHUB_DOCS, githubError, pullJson, repoJson } from './githubJson';
import type { GitFakeStore } from './store';
import type { GitPullRequest, GitRepository } from './types';

const SEG = '([^/]+)';
const REPO = `^/repos/${SEG}/${SEG}`;

/** GitHub's 422 body: "Validation Failed" plus per-field errors. */
export function validationFailed(
  errors: Array<Record<string, string>>,
  docs = GITHUB_DOCS.createPull,
): Reply {
  return {
    status: 422,
    body: {
      message: 'Validation Failed',
      errors,
      documentation_url: docs,
      status: '422',
    },
  };
}

const notFound = (docs: string): Reply => ({
  status: 404,
  body: githubError(404, 'Not Found', docs),
});

function alreadyExists(repo: GitRepository, pr: GitPullRequest): Reply {
  const owner = repo.path.split('/')[0];
  return validationFailed([
    {
      resource: 'PullRequest',
      code: 'custom',
      message: `A pull request already exists for ${owner}:${pr.sourceBranch}.`,
    },
  ]);
}

const SORT_KEYS: Record<string, (pr: GitPullRequest) => string> = {
  created: pr => pr.createdAt,
  updated: pr => pr.updatedAt,
  // No comments or age data in the fake: best effort on creation time.
  popularity: pr => pr.createdAt,
  'long-running': pr => pr.createdAt,
};

function listPulls(
  req: ApiRequest,
  repo: GitRepository,
  store: GitFakeStore,
): Reply {
  const state = req.query.get('state') ?? 'open';
  const sort = req.query.get('sort') ?? 'created';
  const direction =
    req.query.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
  if (!['open', 'closed', 'all'].includes(state)) {
    return validationFailed([
      { resource: 'Issue', field: 'state', code: 'invalid' },
    ]);
  }
  if (!SORT_KEYS[sort] || !['asc', 'desc'].includes(direction)) {
    return validationFailed([
      { resource: 'Issue', field: 'sort', code: 'invalid' },
    ]);
  }
  const owner = repo.path.split('/')[0].toLowerCase();
  // GitHub only honours `head` as `owner:branch`; a bare branch name is
  // silently ignored (every PR comes back), which Kargo itself runs into.
  const head = req.query.get('head');
  const headFilter = head?.includes(':') ? head.split(/:(.*)/s) : undefined;
  const base = req.query.get('base');
  const key = SORT_KEYS[sort];
  const pulls = store
    .pullsOfRepository(repo)
    .filter(
      pr => state === 'all' || (state === 'open') === (pr.state === 'open'),
    )
    .filter(
      pr =>
        !headFilter ||
        (headFilter[0].toLowerCase() === owner &&
          headFilter[1] === pr.sourceBranch),
    )
    .filter(pr => !base || pr.targetBranch === base)
    .sort(compareBy(key, pr => pr.number, direction));
  const { page, link } = pageOfRequest(req, pulls, 'github', 30);
  return {
    status: 200,
    body: page.items.map(pr => pullJson(req, repo, pr, false)),
    headers: link ? { link } : {},
  };
}

function createPull(
  req: ApiRequest,
  repo: GitRepository,
  store: GitFakeStore,
): Reply {
  const title = stringField(req.body, 'title');
  const rawHead = stringField(req.body, 'head');
  const base = stringField(req.body, 'base');
  const missing = [
    ['title', title],
    ['head', rawHead],
    ['base', base],
  ]
    .filter(([, v]) => !v)
    .map(([field]) => ({
      resource: 'PullRequest',
      field: field!,
      code: 'missing_field',
    }));
  if (missing.length || !title || !rawHead || !base)
    return validationFailed(missing);
  const owner = repo.path.split('/')[0];
  const [headOwner, head] = rawHead.includes(':')
    ? rawHead.split(/:(.*)/s)
    : [owner, rawHead];
  if (headOwner.toLowerCase() !== owner.toLowerCase() || !head) {
    // Forks are not modelled: GitHub answers this for a head it cannot resolve.
    return validationFailed([
      { resource: 'PullRequest', field: 'head', code: 'invalid' },
    ]);
  }
  if (head === base) {
    return validationFailed([
      {
        resource: 'PullRequest',
        code: 'custom',
        message: `No commits between ${base} and ${head}`,
      },
    ]);
  }
  const write = store.create(repo, {
    sourceBranch: head,
    targetBranch: base,
    title,
    description: stringField(req.body, 'body'),
    draft: req.body.draft === true,
  });
  if (write.conflict) return alreadyExists(repo, write.conflict);
  const json = pullJson(req, repo, write.pr, true);
  return { status: 201, body: json, headers: { location: String(json.url) } };
}

function updatePull(
  req: ApiRequest,
  repo: GitRepository,
  store: GitFakeStore,
  n: number,
) {
  const state = stringField(req.body, 'state');
  if (state !== undefined && state !== 'open' && state !== 'closed') {
    return validationFailed([
      { resource: 'PullRequest', field: 'state', code: 'invalid' },
    ]);
  }
  const write = store.update(repo, n, {
    title: stringField(req.body, 'title'),
    description: stringField(req.body, 'body'),
    state,
  });
  if (!write)
    return notFound(
      'https://docs.github.com/rest/pulls/pulls#update-a-pull-request',
    );
  if (write.conflict) return alreadyExists(repo, write.conflict);
  return { status: 200, body: pullJson(req, repo, write.pr, true) };
}

function mergePull(repo: GitRepository, store: GitFakeStore, n: number): Reply {
  const pr = store.get(repo, n);
  if (!pr)
    return notFound(
      'https://docs.github.com/rest/pulls/pulls#merge-a-pull-request',
    );
  if (pr.state !== 'open') {
    return {
      status: 405,
      body: githubError(405, 'Pull Request is not mergeable'),
    };
  }
  const merged = store.merge(repo.repoURL, n);
  return {
    status: 200,
    body: {
      sha: merged.headSha,
      merged: true,
      message: 'Pull Request successfully merged',
    },
  };
}

/** The GitHub REST routes octokit's repos.get and pulls.* use. */
export function githubRoutes(store: GitFakeStore): Route[] {
  const withRepo =
    (fn: (req: ApiRequest, repo: GitRepository, n: number) => Reply) =>
    (req: ApiRequest, params: string[]): Reply => {
      const [owner, name, number] = params.map(decodeURIComponent);
      const repo = store.findRepository('github', `${owner}/${name}`);
      if (!repo) return notFound(GITHUB_DOCS.getRepo);
      return fn(req, repo, Number(number));
    };
  const single = `${REPO}/pulls/(\\d+)`;
  return [
    {
      method: 'GET',
      pattern: new RegExp(`${REPO}/?$`),
      template: 'GET /repos/{owner}/{repo}',
      handle: withRepo((req, repo) => ({
        status: 200,
        body: repoJson(req, repo),
      })),
    },
    {
      method: 'GET',
      pattern: new RegExp(`${REPO}/pulls/?$`),
      template: 'GET /repos/{owner}/{repo}/pulls',
      handle: withRepo((req, repo) => listPulls(req, repo, store)),
    },
    {
      method: 'POST',
      pattern: new RegExp(`${REPO}/pulls/?$`),
      template: 'POST /repos/{owner}/{repo}/pulls',
      handle: withRepo((req, repo) => createPull(req, repo, store)),
    },
    {
      method: 'GET',
      pattern: new RegExp(`${single}/?$`),
      template: 'GET /repos/{owner}/{repo}/pulls/{pull_number}',
      handle: withRepo((req, repo, n) => {
        const pr = store.get(repo, n);
        if (!pr)
          return notFound(
            'https://docs.github.com/rest/pulls/pulls#get-a-pull-request',
          );
        return { status: 200, body: pullJson(req, repo, pr, true) };
      }),
    },
    {
      method: 'PATCH',
      pattern: new RegExp(`${single}/?$`),
      template: 'PATCH /repos/{owner}/{repo}/pulls/{pull_number}',
      handle: withRepo((req, repo, n) => updatePull(req, repo, store, n)),
    },
    {
      method: 'PUT',
      pattern: new RegExp(`${single}/merge/?$`),
      template: 'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge',
      handle: withRepo((_req, repo, n) => mergePull(repo, store, n)),
    },
    {
      // GitHub answers 204, or 422 "Reference does not exist" (not 404).
      method: 'DELETE',
      pattern: new RegExp(`${REPO}/git/refs/(.+)$`),
      template: 'DELETE /repos/{owner}/{repo}/git/refs/{ref}',
      handle: (_req, params) => {
        const [owner, name, ref] = params.map(decodeURIComponent);
        const repo = store.findRepository('github', `${owner}/${name}`);
        if (!repo) return notFound(GITHUB_DOCS.getRepo);
        const branch = /^heads\/(.+)$/.exec(ref)?.[1];
        if (branch && store.deleteBranch(repo, branch)) return { status: 204 };
        return {
          status: 422,
          body: githubError(
            422,
            'Reference does not exist',
            'https://docs.github.com/rest/git/refs#delete-a-reference',
          ),
        };
      },
    },
  ];
}
