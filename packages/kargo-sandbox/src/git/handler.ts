import type { IncomingMessage, ServerResponse } from 'node:http';
import { GITHUB_API_BASE, createGitHubApi } from './github';
import type { GitHubAppOptions } from './githubApp';
import { GITLAB_API_BASE, createGitLabApi } from './gitlab';
import {
  BITBUCKET_CLOUD_API_BASE,
  createBitbucketCloudApi,
} from './bitbucketCloud';
import { send, type Reply } from './http';
import type { GitFakeStore } from './store';
import type { GitProvider } from './types';

/** Options of {@link createGitHandler}. @public */
export interface GitHandlerOptions {
  /** Token GitHub requests must carry (`Authorization: token X` or `Bearer X`). */
  githubToken?: string;
  /** Token GitLab requests must carry (`PRIVATE-TOKEN: X` or `Authorization: Bearer X`). */
  gitlabToken?: string;
  /** Token Bitbucket Cloud requests must carry (Bearer, or Basic password). */
  bitbucketToken?: string;
  /** A GitHub App whose JWTs mint installation tokens (`/app/...`). */
  githubApp?: GitHubAppOptions;
}

/** Defaults the demo app-config uses. @public */
export const DEFAULT_GITHUB_TOKEN = 'sandbox-github-token';
/** @public */
export const DEFAULT_GITLAB_TOKEN = 'sandbox-gitlab-token';
/** @public */
export const DEFAULT_BITBUCKET_TOKEN = 'sandbox-bitbucket-token';

const SANDBOX_MERGE = [
  {
    provider: 'github',
    pattern: /^\/sandbox\/v1\/github\/([^/]+\/[^/]+)\/pulls\/(\d+)\/merge\/?$/,
  },
  {
    provider: 'gitlab',
    pattern: /^\/sandbox\/v1\/gitlab\/(.+)\/merge_requests\/(\d+)\/merge\/?$/,
  },
  {
    provider: 'bitbucket',
    pattern:
      /^\/sandbox\/v1\/bitbucket\/([^/]+\/[^/]+)\/pull-requests\/(\d+)\/merge\/?$/,
  },
] as const;
const SANDBOX_STATS = '/sandbox/v1/git/stats';

const under = (path: string, base: string) =>
  path === base || path.startsWith(`${base}/`);

/** The sandbox's own merge endpoint: what a reviewer clicking "Merge" would do. */
function sandboxMerge(
  store: GitFakeStore,
  provider: GitProvider,
  repoPath: string,
  number: number,
): Reply {
  const repo = store.findRepository(provider, repoPath);
  const pr = repo && store.get(repo, number);
  if (!repo || !pr) {
    return {
      status: 404,
      body: { message: `No ${provider} pull request ${repoPath}#${number}` },
    };
  }
  if (pr.state !== 'open') {
    return {
      status: 409,
      body: { message: `${repoPath}#${number} is ${pr.state}, not open` },
    };
  }
  return { status: 200, body: store.merge(repo.repoURL, number) };
}

function sandboxRoute(
  store: GitFakeStore,
  method: string,
  path: string,
): Reply | undefined {
  if (path === SANDBOX_STATS) {
    if (method !== 'GET') return { status: 405, body: { message: 'Use GET' } };
    return {
      status: 200,
      body: {
        requests: store.requestCounts(),
        githubRateLimit: store.gitHubRateLimit(),
      },
    };
  }
  for (const { provider, pattern } of SANDBOX_MERGE) {
    const match = pattern.exec(path);
    if (!match) continue;
    if (method !== 'POST')
      return { status: 405, body: { message: 'Use POST to merge' } };
    return sandboxMerge(
      store,
      provider,
      decodeURIComponent(match[1]),
      Number(match[2]),
    );
  }
  return undefined;
}

/**
 * One Node request handler for the fake GitHub (`/github/api/v3`) and GitLab
 * (`/gitlab/api/v4`) APIs and the sandbox's merge endpoints. Resolves false
 * for any other path, so the sandbox server can try its next handler.
 *
 * @public
 */
export function createGitHandler(
  store: GitFakeStore,
  options: GitHandlerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const github = createGitHubApi(
    store,
    options.githubToken ?? DEFAULT_GITHUB_TOKEN,
    options.githubApp,
  );
  const gitlab = createGitLabApi(
    store,
    options.gitlabToken ?? DEFAULT_GITLAB_TOKEN,
  );
  const bitbucket = createBitbucketCloudApi(
    store,
    options.bitbucketToken ?? DEFAULT_BITBUCKET_TOKEN,
  );
  return async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://sandbox.invalid').pathname;
    const method = (req.method ?? 'GET').toUpperCase();
    try {
      if (under(path, GITHUB_API_BASE)) {
        await github(req, res);
        return true;
      }
      if (under(path, GITLAB_API_BASE)) {
        await gitlab(req, res);
        return true;
      }
      if (under(path, BITBUCKET_CLOUD_API_BASE)) {
        await bitbucket(req, res);
        return true;
      }
      const reply = sandboxRoute(store, method, path);
      if (!reply) return false;
      send(res, reply);
      return true;
    } catch (e) {
      // A bug in the fake must not take the sandbox down or leak a stack.
      if (!res.headersSent) {
        send(res, {
          status: 500,
          body: { message: `Sandbox Git API error: ${(e as Error).message}` },
        });
      } else {
        res.end();
      }
      return true;
    }
  };
}
