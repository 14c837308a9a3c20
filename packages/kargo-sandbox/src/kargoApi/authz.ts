/**
 * Authorization as Kargo's API server's authorizing client does it
 * (akuity/kargo v1.11.2 pkg/server/kubernetes/client.go
 * getAuthorizedClient): an OIDC user may act when any ServiceAccount mapped
 * to them in the request's namespace (or a global namespace) passes a
 * SubjectAccessReview; a Kubernetes token passes a SelfSubjectAccessReview
 * as itself. A refusal is Kubernetes' Forbidden:
 * `<resource>.<group> "<name>" is forbidden: <verb> is not permitted`
 * (prefixed `review subject access: ` for a Kubernetes token).
 */
import { isAllowed } from '../kube/auth';
import type { RbacAuthorizer, ResourceAttributes } from '../rbac/rbac';
import type { KargoUser } from './authn';
import { KargoApiError } from './errors';

export function forbiddenMessage(a: ResourceAttributes): string {
  const gr = a.group ? `${a.resource}.${a.group}` : a.resource;
  return `${gr}${a.name ? ` "${a.name}"` : ''} is forbidden: ${a.verb} is not permitted`;
}

export function checkAccess(
  rbac: RbacAuthorizer,
  user: KargoUser,
  a: ResourceAttributes,
  globalNamespaces: readonly string[] = [],
): void {
  if (user.kind === 'kubernetes') {
    const ok = isAllowed(
      user.principal,
      a.verb,
      { plural: a.resource, group: a.group, namespaced: Boolean(a.namespace) },
      a.namespace,
      rbac,
      a.name,
      a.subresource,
    );
    if (!ok)
      throw new KargoApiError(403, `review subject access: ${forbiddenMessage(a)}`);
    return;
  }
  const namespaces = a.namespace
    ? [a.namespace, ...globalNamespaces]
    : [
        ...(a.group === 'kargo.akuity.io' && a.resource === 'projects' && a.name
          ? [a.name]
          : []),
        ...globalNamespaces,
      ];
  for (const ns of namespaces) {
    for (const sa of user.serviceAccounts.get(ns) ?? []) {
      if (rbac.allows({ username: `system:serviceaccount:${ns}:${sa}` }, a)) return;
    }
  }
  throw new KargoApiError(403, forbiddenMessage(a));
}
