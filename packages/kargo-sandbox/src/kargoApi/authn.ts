/**
 * Authentication as Kargo's API server does it (akuity/kargo v1.11.2
 * pkg/server/auth_middleware.go): exempt paths need nothing; no token is
 * 401 `no token provided`; a token whose unverified `iss` is the configured
 * OpenID issuer must verify (signature from the issuer's JWKS, expiry, an
 * audience among the client ids) and its claims are mapped to
 * ServiceAccounts in project namespaces; any other token must be one the
 * Kubernetes API accepts. Every failure is 401 `invalid token`, saying
 * nothing of which check failed. As Kargo (pkg/server/option/auth.go), a
 * bearer token that is not a JWT is refused before Kubernetes is asked, so
 * the portal's token must be a ServiceAccount token (a JWT), as Kargo's API
 * tokens are: the sandbox's opaque Kubernetes tokens (`sandbox-reader-token`,
 * ...) work on its Kubernetes API only.
 */
import type { IncomingMessage } from 'node:http';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import {
  ANONYMOUS_ADMIN,
  Principal,
  principalForToken,
  TokenPolicy,
} from '../kube/auth';
import { KargoApiError } from './errors';
import { mappedServiceAccounts } from './claims';
import type { ObjectStore } from '../kube/store';
import type { ResourceRegistry } from '../kube/resources';

/** The caller, as Kargo's user.Info holds it. */
export type KargoUser =
  | {
      kind: 'oidc';
      claims: Record<string, unknown>;
      /** namespace -> mapped ServiceAccount names */
      serviceAccounts: Map<string, Set<string>>;
    }
  | { kind: 'kubernetes'; principal: Principal };

export interface KargoOidcSettings {
  issuer: string;
  clientIds: string[];
  globalServiceAccountNamespaces?: string[];
}

export const EXEMPT_PATHS = new Set([
  '/v1beta1/system/public-server-config',
  '/v1beta1/login',
]);

export const noToken = () => new KargoApiError(401, 'no token provided');
export const invalidToken = () => new KargoApiError(401, 'invalid token');

export class KargoAuthenticator {
  private jwks?: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly oidc: KargoOidcSettings | undefined,
    private readonly tokens: TokenPolicy | undefined,
    private readonly store: ObjectStore,
    private readonly registry: ResourceRegistry,
  ) {}

  private async keySet() {
    if (this.jwks) return this.jwks;
    // As getKeySet: the jwks_uri from the issuer's discovery document.
    const res = await fetch(
      `${this.oidc!.issuer.replace(
        /\/$/,
        '',
      )}/.well-known/openid-configuration`,
    );
    if (!res.ok) throw new Error(`OpenID discovery answered ${res.status}`);
    const { jwks_uri: jwksUri } = (await res.json()) as { jwks_uri: string };
    this.jwks = createRemoteJWKSet(new URL(jwksUri));
    return this.jwks;
  }

  async authenticate(req: IncomingMessage): Promise<KargoUser> {
    const raw = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!raw) throw noToken();
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(raw).iss;
    } catch {
      throw invalidToken();
    }
    if (this.oidc && issuer === this.oidc.issuer) {
      const jwks = await this.keySet();
      let claims: Record<string, unknown>;
      try {
        ({ payload: claims } = await jwtVerify(raw, jwks, {
          issuer: this.oidc.issuer,
          audience: this.oidc.clientIds,
          algorithms: ['RS256'],
        }));
      } catch {
        throw invalidToken();
      }
      return {
        kind: 'oidc',
        claims,
        serviceAccounts: mappedServiceAccounts(
          this.store,
          this.registry,
          claims,
          this.oidc.globalServiceAccountNamespaces ?? [],
        ),
      };
    }
    return this.kubernetes(raw);
  }

  /** Cases 3/4: a token the Kubernetes API recognizes (GET /api answers 200). */
  private kubernetes(raw: string): KargoUser {
    if (!this.tokens || Object.keys(this.tokens).length === 0)
      return { kind: 'kubernetes', principal: ANONYMOUS_ADMIN };
    const principal = principalForToken(raw, this.tokens);
    if (!principal) throw invalidToken();
    return { kind: 'kubernetes', principal };
  }
}

/**
 * The actor Kargo records for the caller (pkg/api/event.go
 * FormatEventUserActor): `email:<email>`, else `subject:<sub>`; a
 * Kubernetes token carries no claims, so Kargo records `unknown actor`.
 */
export function actorOf(user: KargoUser): string {
  if (user.kind === 'oidc') {
    if (typeof user.claims.email === 'string')
      return `email:${user.claims.email}`;
    if (typeof user.claims.sub === 'string')
      return `subject:${user.claims.sub}`;
  }
  return 'unknown actor';
}
