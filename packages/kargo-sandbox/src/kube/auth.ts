/**
 * Bearer-token authentication and a verb-level authorization, standing in for
 * ServiceAccount tokens and RBAC.
 */
import type { IncomingMessage } from 'node:http';
import { forbidden, unauthorized } from './errors';

/** A Kubernetes API verb. @public */
export type Verb =
  | 'get'
  | 'list'
  | 'watch'
  | 'create'
  | 'update'
  | 'patch'
  | 'delete';

/**
 * Verbs granted the way a RoleBinding in each namespace grants them: a
 * namespaced kind may not be listed or watched across all namespaces (403),
 * only within one. Cluster-scoped kinds (Projects) keep the verbs. @public
 */
export interface NamespacedGrant {
  verbs: Verb[] | '*';
  namespacedOnly: true;
}

/**
 * A token standing for a Kubernetes identity: its username (and groups) are
 * what admission webhooks and RBAC see; `verbs` (default none) are granted on
 * every resource besides what RoleBindings and ClusterRoleBindings in the
 * store grant that username. @public
 */
export interface IdentityGrant {
  username: string;
  groups?: string[];
  verbs?: Verb[] | '*';
  namespacedOnly?: boolean;
}

/** Token -> the verbs it may use (`'*'`: all), or the identity it stands for. @public */
export type TokenPolicy = Record<
  string,
  Verb[] | '*' | NamespacedGrant | IdentityGrant
>;

/** The authenticated caller of the Kubernetes API. @public */
export interface Principal {
  username: string;
  groups: string[];
  verbs: Verb[] | '*';
  namespacedOnly: boolean;
}

/** Who a request without credentials is when no tokens are configured. */
export const ANONYMOUS_ADMIN: Principal = {
  username: 'system:anonymous',
  groups: ['system:unauthenticated'],
  verbs: '*',
  namespacedOnly: false,
};

/** Answers whether RBAC objects grant a username more (see rbac/rbac.ts). */
export interface RbacCheck {
  allows(
    who: { username: string; groups?: readonly string[] },
    a: {
      verb: string;
      group: string;
      resource: string;
      subresource?: string;
      namespace?: string;
      name?: string;
    },
  ): boolean;
}

/** The username of a token's entry; entries without one get a stand-in. */
export function principalOf(grant: TokenPolicy[string]): Principal {
  if (grant === '*' || Array.isArray(grant)) {
    return {
      username: grant === '*' ? 'kubernetes-admin' : 'sandbox-user',
      groups: grant === '*' ? ['system:masters'] : [],
      verbs: grant,
      namespacedOnly: false,
    };
  }
  const g = grant as Partial<IdentityGrant> & { verbs?: Verb[] | '*' };
  return {
    username: g.username ?? 'sandbox-user',
    groups: [...(g.groups ?? []), 'system:authenticated'],
    verbs: g.verbs ?? [],
    namespacedOnly: Boolean(g.namespacedOnly),
  };
}

/** @public */
export const READ_VERBS: Verb[] = ['get', 'list', 'watch'];

const sa = (name: string) => `system:serviceaccount:backstage:${name}`;

/**
 * A ServiceAccount token shaped as Kubernetes issues them (a JWT naming the
 * account), as Kargo's API requires of a Kubernetes token: Kargo refuses a
 * bearer token that is not a JWT before asking Kubernetes (akuity/kargo
 * v1.11.2 pkg/server/option/auth.go). The sandbox's Kubernetes API knows it
 * by its exact value; its signature is a stand-in nobody verifies.
 */
function serviceAccountJwt(namespace: string, name: string): string {
  const part = (value: object) =>
    Buffer.from(JSON.stringify(value)).toString('base64url');
  return [
    part({ alg: 'RS256', kid: 'kargo-sandbox' }),
    part({
      iss: 'https://kubernetes.default.svc.cluster.local',
      sub: `system:serviceaccount:${namespace}:${name}`,
      'kubernetes.io': { namespace, serviceaccount: { name } },
    }),
    Buffer.from('kargo-sandbox-stand-in-signature').toString('base64url'),
  ].join('.');
}

/**
 * The portal's Kargo API token in the demo: a token of the ServiceAccount
 * `backstage/kargo-portal`, RBAC-bound in the demo projects
 * (fixtures/demo/access.yaml). @public
 */
export const SANDBOX_KARGO_API_TOKEN = serviceAccountJwt(
  'backstage',
  'kargo-portal',
);

/**
 * The demo's tokens: the admin (the explicit `writes: kubernetes` fallback),
 * the read-only reader, the portal's Kargo API token (RBAC-bound in the demo
 * projects, fixtures/demo/access.yaml) and two older test tokens. @public
 */
export const DEMO_TOKENS: TokenPolicy = {
  'sandbox-admin-token': { username: sa('kargo-admin'), verbs: '*' },
  'sandbox-reader-token': { username: sa('kargo-reader'), verbs: READ_VERBS },
  [SANDBOX_KARGO_API_TOKEN]: { username: sa('kargo-portal') },
  'sandbox-readonly-token': {
    username: sa('kargo-readonly'),
    verbs: READ_VERBS,
  },
  'sandbox-namespaced-token': {
    username: sa('kargo-namespaced'),
    verbs: READ_VERBS,
    namespacedOnly: true,
  },
};

function bearer(req: IncomingMessage): string | undefined {
  const h = req.headers.authorization;
  const m = h && /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1].trim() : undefined;
}

/**
 * Resolves the caller. With no tokens configured everyone is an admin;
 * otherwise a missing or unknown token is a 401.
 */
export function authenticate(
  req: IncomingMessage,
  tokens?: TokenPolicy,
): Principal {
  if (!tokens || Object.keys(tokens).length === 0) return ANONYMOUS_ADMIN;
  const principal = principalForToken(bearer(req), tokens);
  if (!principal) throw unauthorized();
  return principal;
}

/** The identity a bearer token stands for, or undefined when unknown. */
export function principalForToken(
  token: string | undefined,
  tokens: TokenPolicy,
): Principal | undefined {
  if (!token || !Object.prototype.hasOwnProperty.call(tokens, token))
    return undefined;
  return principalOf(tokens[token]);
}

/** Whether the token's own verbs grant the request (RBAC aside). */
function grantedStatically(
  p: Principal,
  verb: string,
  resource: { namespaced: boolean },
  namespace?: string,
): boolean {
  if (p.verbs !== '*' && !(p.verbs as string[]).includes(verb)) return false;
  const acrossNamespaces =
    resource.namespaced && !namespace && (verb === 'list' || verb === 'watch');
  return !(p.namespacedOnly && acrossNamespaces);
}

/** Whether the principal may do the verb: its token's verbs, else RBAC. */
export function isAllowed(
  p: Principal,
  verb: string,
  resource: { plural: string; group: string; namespaced: boolean },
  namespace?: string,
  rbac?: RbacCheck,
  name?: string,
  subresource?: string,
): boolean {
  if (grantedStatically(p, verb, resource, namespace)) return true;
  return Boolean(
    rbac?.allows(p, {
      verb,
      group: resource.group,
      resource: resource.plural,
      subresource,
      namespace,
      name,
    }),
  );
}

export function authorize(
  p: Principal,
  verb: Verb,
  resource: { plural: string; group: string; namespaced: boolean },
  namespace?: string,
  rbac?: RbacCheck,
  name?: string,
  subresource?: string,
): void {
  if (!isAllowed(p, verb, resource, namespace, rbac, name, subresource))
    throw forbidden(
      verb,
      resource.plural,
      resource.group,
      namespace,
      p.username,
    );
}
