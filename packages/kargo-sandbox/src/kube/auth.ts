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

/** Token -> the verbs it may use (`'*'`: all). @public */
export type TokenPolicy = Record<string, Verb[] | '*' | NamespacedGrant>;

/** @public */
export const READ_VERBS: Verb[] = ['get', 'list', 'watch'];

/** The demo's tokens (app-config.yaml uses the admin one). @public */
export const DEMO_TOKENS: TokenPolicy = {
  'sandbox-admin-token': '*',
  'sandbox-readonly-token': READ_VERBS,
  'sandbox-namespaced-token': { verbs: READ_VERBS, namespacedOnly: true },
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
): TokenPolicy[string] {
  if (!tokens || Object.keys(tokens).length === 0) return '*';
  const token = bearer(req);
  if (!token || !Object.prototype.hasOwnProperty.call(tokens, token))
    throw unauthorized();
  return tokens[token];
}

export function authorize(
  allowed: TokenPolicy[string],
  verb: Verb,
  resource: { plural: string; group: string; namespaced: boolean },
  namespace?: string,
): void {
  const { plural, group } = resource;
  const grant = Array.isArray(allowed) || allowed === '*' ? undefined : allowed;
  const verbs = grant ? grant.verbs : (allowed as Verb[] | '*');
  if (verbs !== '*' && !verbs.includes(verb)) {
    throw forbidden(verb, plural, group, namespace);
  }
  const acrossNamespaces =
    resource.namespaced && !namespace && (verb === 'list' || verb === 'watch');
  if (grant?.namespacedOnly && acrossNamespaces) {
    throw forbidden(verb, plural, group, namespace);
  }
}
