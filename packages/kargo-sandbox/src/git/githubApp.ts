/**
 * GitHub App authentication as GitHub serves it: the App signs a JWT (RS256,
 * `iss` = App id) with its private key, lists its installations (one per
 * repository owner here) and mints an installation access token, which the
 * rest of the API then accepts like a personal token.
 */
import { randomBytes, verify } from 'node:crypto';
import { tokenOf, type ApiRequest, type Reply } from './http';
import { githubError } from './githubJson';
import type { GitFakeStore } from './store';

/** The App the fake trusts. @public */
export interface GitHubAppOptions {
  appId: number | string;
  /** PEM public key matching the App's private key. */
  publicKey: string;
}

const INSTALLATION_TOKEN_TTL_MS = 60 * 60 * 1000;

function unauthorized(message: string): Reply {
  return { status: 401, body: githubError(401, message) };
}

/** Verifies the App JWT; answers why not, or undefined when it is valid. */
function jwtProblem(jwt: string | undefined, app: GitHubAppOptions) {
  const parts = jwt?.split('.') ?? [];
  if (parts.length !== 3) return 'A JSON web token could not be decoded';
  const [header, payload, signature] = parts;
  const signed = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    app.publicKey,
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) return 'A JSON web token could not be decoded';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
  if (String(claims.iss) !== String(app.appId)) {
    return `Integration not found for iss ${claims.iss}`;
  }
  if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) {
    return "'Expiration time' claim ('exp') must be a numeric value representing the future time";
  }
  return undefined;
}

/** The App's endpoints, and the installation tokens it minted. */
export class GitHubAppFake {
  private readonly tokens = new Map<string, number>();

  constructor(
    private readonly store: GitFakeStore,
    private readonly app: GitHubAppOptions,
  ) {}

  /** True for an unexpired installation token this App minted. */
  accepts(token: string | undefined): boolean {
    const expires = token ? this.tokens.get(token) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  /** Answers `/app/...` requests; undefined for any other path. */
  answer(req: ApiRequest): Reply | undefined {
    const path = req.path.replace(/\/$/, '');
    if (!path.startsWith('/app/') && path !== '/app') return undefined;
    const problem = jwtProblem(tokenOf(req.headers), this.app);
    if (problem) return unauthorized(problem);
    const installations = this.installations();
    if (req.method === 'GET' && path === '/app/installations') {
      return { status: 200, body: installations };
    }
    const minting = /^\/app\/installations\/(\d+)\/access_tokens$/.exec(path);
    if (req.method === 'POST' && minting) {
      if (!installations.some(i => i.id === Number(minting[1]))) {
        return { status: 404, body: githubError(404, 'Not Found') };
      }
      const token = `ghs_${randomBytes(18).toString('hex')}`;
      const expires = Date.now() + INSTALLATION_TOKEN_TTL_MS;
      this.tokens.set(token, expires);
      return {
        status: 201,
        body: {
          token,
          expires_at: new Date(expires).toISOString(),
          permissions: { pull_requests: 'write', metadata: 'read' },
          repository_selection: 'all',
        },
      };
    }
    return { status: 404, body: githubError(404, 'Not Found') };
  }

  // One installation per owner, numbered in owner order (stable ids).
  private installations() {
    const owners = [
      ...new Set(
        this.store.repositoryPaths('github').map(p => p.split('/')[0]),
      ),
    ].sort();
    return owners.map((login, index) => ({
      id: index + 1,
      app_id: Number(this.app.appId),
      account: { login, type: 'Organization' },
      target_type: 'Organization',
      repository_selection: 'all',
      suspended_at: null,
      suspended_by: null,
    }));
  }
}
