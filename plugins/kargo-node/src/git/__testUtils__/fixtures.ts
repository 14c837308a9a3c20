import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import { http, HttpResponse } from 'msw';
import { createPullRequestService } from '../PullRequestService';

export const GITHUB_TOKEN = 'ghp-secret-github-token';
export const GHE_TOKEN = 'ghe-secret-enterprise-token';
export const GITLAB_TOKEN = 'test-gitlab-token-not-a-secret';
export const SELF_HOSTED_GITLAB_TOKEN = 'test-self-hosted-gitlab-token';

export const GITHUB_API = 'https://api.github.com';
export const GHE_API = 'https://ghe.example.com/api/v3';
export const GITLAB_API = 'https://gitlab.com/api/v4';
// Self-hosted under a path prefix (apiBaseUrl is baseUrl + /api/v4 here).
export const SELF_HOSTED_GITLAB_API = 'https://git.example.org/gitlab/api/v4';
// Self-hosted with its API behind another host (a gateway).
export const GATEWAY_GITLAB_API = 'https://gitlab-api.example.net/v4';
export const BITBUCKET_API = 'https://api.bitbucket.org/2.0';
export const BITBUCKET_TOKEN = 'bb-secret-access-token';

export const integrationsConfig = {
  integrations: {
    github: [
      { host: 'github.com', token: GITHUB_TOKEN },
      { host: 'ghe.example.com', apiBaseUrl: GHE_API, token: GHE_TOKEN },
    ],
    gitlab: [
      { host: 'gitlab.com', token: GITLAB_TOKEN },
      {
        host: 'git.example.org',
        baseUrl: 'https://git.example.org/gitlab',
        apiBaseUrl: SELF_HOSTED_GITLAB_API,
        token: SELF_HOSTED_GITLAB_TOKEN,
      },
      {
        host: 'gitlab.internal.example',
        apiBaseUrl: GATEWAY_GITLAB_API,
        token: SELF_HOSTED_GITLAB_TOKEN,
      },
    ],
    bitbucketCloud: [{ token: BITBUCKET_TOKEN }],
  },
};

export function createTestService(
  overrides: Partial<Parameters<typeof createPullRequestService>[0]> = {},
) {
  return createPullRequestService({
    config: new ConfigReader(integrationsConfig),
    logger: mockServices.logger.mock(),
    // Retries of 5xx wait milliseconds instead of seconds.
    githubRetry: { retries: 1, retryAfterBaseValue: 1 },
    ...overrides,
  });
}

/** An msw handler answering every GET of `url` with `status` and a JSON body. */
export function jsonGet(
  url: string,
  status: number,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  return http.get(url, () => HttpResponse.json(body, { status, headers }));
}

/** What listing the open pull requests of `repoUrl` failed with. */
export function listFailure(repoUrl: string): Promise<any> {
  return createTestService()
    .listOpenPullRequests(repoUrl)
    .catch(e => e);
}

/** A GitHub pull request as `GET /repos/{o}/{r}/pulls` answers it. */
export function githubPull(
  number: number,
  overrides: {
    head?: string;
    base?: string;
    title?: string;
    body?: string | null;
    owner?: string;
    repo?: string;
    /** `owner/repo` of the head; a fork's differs. Default: the repository. */
    headRepo?: string;
  } = {},
) {
  const owner = overrides.owner ?? 'acme';
  const repo = overrides.repo ?? 'checkout-deploy';
  return {
    number,
    title: overrides.title ?? `Promote #${number}`,
    body: overrides.body ?? null,
    html_url: `https://github.com/${owner}/${repo}/pull/${number}`,
    state: 'open',
    merged_at: null,
    head: {
      ref: overrides.head ?? `kargo/promotion/prod.${number}`,
      sha: `sha${number}`,
      repo: { full_name: overrides.headRepo ?? `${owner}/${repo}` },
    },
    base: {
      ref: overrides.base ?? 'main',
      repo: { full_name: `${owner}/${repo}` },
    },
    user: { login: 'kargo-bot' },
    created_at: '2026-11-30T10:00:00Z',
  };
}

/** A GitLab merge request as `GET /projects/:id/merge_requests` answers it. */
export function gitlabMergeRequest(
  iid: number,
  overrides: {
    source?: string;
    target?: string;
    title?: string;
    description?: string | null;
    state?: string;
    webBase?: string;
    /** The project the source branch lives in; a fork's differs from 42. */
    sourceProjectId?: number;
  } = {},
) {
  return {
    id: 1000 + iid,
    iid,
    project_id: 42,
    target_project_id: 42,
    source_project_id: overrides.sourceProjectId ?? 42,
    title: overrides.title ?? `Promote !${iid}`,
    description: overrides.description ?? null,
    state: overrides.state ?? 'opened',
    web_url: `${
      overrides.webBase ?? 'https://gitlab.com/payments/deploy'
    }/-/merge_requests/${iid}`,
    source_branch: overrides.source ?? `kargo/promotion/prod.${iid}`,
    target_branch: overrides.target ?? 'main',
    sha: `sha${iid}`,
    author: { username: 'kargo-bot' },
    created_at: '2026-11-30T10:00:00Z',
    updated_at: '2026-11-30T10:00:00Z',
  };
}
