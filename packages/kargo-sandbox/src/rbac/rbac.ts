/**
 * Kubernetes RBAC over the sandbox's stored Roles, ClusterRoles, RoleBindings
 * and ClusterRoleBindings, as kube-apiserver's RBAC authorizer decides a
 * SubjectAccessReview (k8s.io/kubernetes plugin/pkg/auth/authorizer/rbac:
 * a rule matches when its apiGroups, resources (`resource/subresource`),
 * verbs and, when set, resourceNames match; `*` matches anything). Kargo's
 * API server asks exactly this question for every request it authorizes
 * (akuity/kargo v1.11.2 pkg/server/kubernetes/client.go, reviewSubjectAccess).
 */
import type { ResourceRegistry, ResourceType } from '../kube/resources';
import type { KubeObject, ObjectStore } from '../kube/store';

/** Who asks: a Kubernetes username and its groups. @public */
export interface RbacSubject {
  username: string;
  groups?: readonly string[];
}

/** What is asked, as a SubjectAccessReview's resourceAttributes. @public */
export interface ResourceAttributes {
  verb: string;
  group: string;
  resource: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

interface PolicyRule {
  apiGroups?: string[];
  resources?: string[];
  verbs?: string[];
  resourceNames?: string[];
}

interface Subject {
  kind?: string;
  name?: string;
  namespace?: string;
}

const has = (list: string[] | undefined, value: string) =>
  (list ?? []).some(v => v === '*' || v === value);

export function ruleAllows(rule: PolicyRule, a: ResourceAttributes): boolean {
  const resource = a.subresource
    ? `${a.resource}/${a.subresource}`
    : a.resource;
  if (!has(rule.verbs, a.verb)) return false;
  if (!has(rule.apiGroups, a.group)) return false;
  if (!has(rule.resources, resource)) return false;
  const names = rule.resourceNames ?? [];
  return names.length === 0 || (a.name !== undefined && names.includes(a.name));
}

function subjectMatches(
  s: Subject,
  who: RbacSubject,
  bindingNamespace?: string,
): boolean {
  switch (s.kind) {
    case 'ServiceAccount':
      return (
        who.username ===
        `system:serviceaccount:${s.namespace ?? bindingNamespace}:${s.name}`
      );
    case 'User':
      return who.username === s.name;
    case 'Group':
      return (who.groups ?? []).includes(s.name ?? '');
    default:
      return false;
  }
}

/** Answers SubjectAccessReviews from the store's RBAC objects. @public */
export class RbacAuthorizer {
  private readonly t: Record<
    'roles' | 'rolebindings' | 'clusterroles' | 'clusterrolebindings',
    ResourceType
  >;

  constructor(
    private readonly store: ObjectStore,
    registry: ResourceRegistry,
  ) {
    const find = (plural: string) =>
      registry.find('rbac.authorization.k8s.io', 'v1', plural)!;
    this.t = {
      roles: find('roles'),
      rolebindings: find('rolebindings'),
      clusterroles: find('clusterroles'),
      clusterrolebindings: find('clusterrolebindings'),
    };
  }

  private rulesOf(binding: KubeObject): PolicyRule[] {
    const ref = binding.roleRef as { kind?: string; name?: string } | undefined;
    if (!ref?.name) return [];
    const role =
      ref.kind === 'Role'
        ? this.store.get(
            this.t.roles,
            binding.metadata.namespace as string,
            ref.name,
          )
        : this.store.get(this.t.clusterroles, undefined, ref.name);
    return (role?.rules as PolicyRule[] | undefined) ?? [];
  }

  private bound(
    bindings: readonly KubeObject[],
    who: RbacSubject,
    a: ResourceAttributes,
  ): boolean {
    return bindings.some(
      b =>
        ((b.subjects as Subject[] | undefined) ?? []).some(s =>
          subjectMatches(s, who, b.metadata.namespace as string | undefined),
        ) && this.rulesOf(b).some(r => ruleAllows(r, a)),
    );
  }

  /** Whether RBAC lets `who` do `a` (ClusterRoleBindings anywhere, RoleBindings in the namespace). */
  allows(who: RbacSubject, a: ResourceAttributes): boolean {
    if (this.bound(this.store.peek(this.t.clusterrolebindings), who, a))
      return true;
    if (!a.namespace) return false;
    return this.bound(
      this.store.peek(this.t.rolebindings, a.namespace),
      who,
      a,
    );
  }
}
