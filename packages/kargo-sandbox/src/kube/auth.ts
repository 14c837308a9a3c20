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

/** Token -> the verbs it may use (`'*'`: all). @public */
export type TokenPolicy = Record<string, Verb[] | '*'>;

/** @public */
export const READ_VERBS: Verb[] = ['get', 'list', 'watch'];

/** The demo's tokens (app-config.yaml uses the admin one). @public */
export const DEMO_TOKENS: TokenPolicy = {
  'sandbox-admin-token': '*',
  'sandbox-readonly-token': READ_VERBS,
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
): Verb[] | '*' {
  if (!tokens || Object.keys(tokens).length === 0) return '*';
  const token = bearer(req);
  if (!token || !Object.prototype.hasOwnProperty.call(tokens, token))
    throw unauthorized();
  return tokens[token];
}

export function authorize(
  allowed: Verb[] | '*',
  verb: Verb,
  plural: string,
  group: string,
  namespace?: string,
): void {
  if (allowed !== '*' && !allowed.includes(verb)) {
    throw forbidden(verb, plural, group, namespace);
  }
}
