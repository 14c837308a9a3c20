/**
 * Who may do what in the demo: two sign-in users, and per demo project the
 * ServiceAccounts Kargo maps their OIDC `groups` claim to, with the project
 * Roles Kargo's management controller creates in every project namespace
 * (akuity/kargo v1.11.2 pkg/controller/management/projects/projects.go
 * ensureDefaultUserRoles: kargo-admin, kargo-viewer, kargo-promoter, copied
 * rule for rule). Kargo's stock kargo-promoter Role may promote but not
 * reverify or abort (those patch the Stage or the Promotion), so the demo's
 * promoters are bound to kargo-admin; viewers to kargo-viewer. The portal's
 * Kargo API token (ServiceAccount backstage/kargo-portal) is bound to
 * kargo-admin in each project too.
 */
import { clusterConfig } from './argocd';

const RBAC = 'rbac.authorization.k8s.io';
const KARGO = 'kargo.akuity.io';
const ROLLOUTS = 'argoproj.io';
const READ = ['get', 'list', 'watch'];

function projectRoles(): Record<string, Array<Record<string, string[]>>> {
  return {
    'kargo-admin': [
      { apiGroups: [''], resources: ['events'], verbs: READ },
      { apiGroups: [''], resources: ['configmaps', 'secrets', 'serviceaccounts'], verbs: ['*'] },
      { apiGroups: [RBAC], resources: ['rolebindings', 'roles'], verbs: ['*'] },
      { apiGroups: [KARGO], resources: ['freights', 'projectconfigs', 'promotiontasks', 'stages', 'warehouses'], verbs: ['*'] },
      { apiGroups: [KARGO], resources: ['stages'], verbs: ['promote'] },
      { apiGroups: [KARGO], resources: ['promotions'], verbs: ['create', 'delete', 'get', 'list', 'watch', 'patch'] },
      { apiGroups: [KARGO], resources: ['freights/status'], verbs: ['patch'] },
      { apiGroups: [ROLLOUTS], resources: ['analysisruns'], verbs: ['delete', 'get', 'list', 'watch'] },
      { apiGroups: [ROLLOUTS], resources: ['analysistemplates'], verbs: ['*'] },
    ],
    'kargo-viewer': [
      { apiGroups: [''], resources: ['configmaps', 'events', 'serviceaccounts'], verbs: READ },
      { apiGroups: [RBAC], resources: ['rolebindings', 'roles'], verbs: READ },
      { apiGroups: [KARGO], resources: ['freights', 'promotions', 'stages', 'warehouses', 'projectconfigs'], verbs: READ },
      { apiGroups: [ROLLOUTS], resources: ['analysisruns', 'analysistemplates'], verbs: READ },
    ],
    'kargo-promoter': [
      { apiGroups: [''], resources: ['configmaps', 'events', 'serviceaccounts'], verbs: READ },
      { apiGroups: [RBAC], resources: ['rolebindings', 'roles'], verbs: READ },
      { apiGroups: [KARGO], resources: ['freights', 'stages', 'warehouses', 'projectconfigs'], verbs: READ },
      { apiGroups: [KARGO], resources: ['stages'], verbs: ['promote'] },
      { apiGroups: [KARGO], resources: ['promotions'], verbs: ['create', 'get', 'list', 'watch'] },
      { apiGroups: [KARGO], resources: ['freights/status'], verbs: ['patch'] },
      { apiGroups: [ROLLOUTS], resources: ['analysisruns', 'analysistemplates'], verbs: READ },
    ],
  };
}

const managed = { 'rbac.kargo.akuity.io/managed': 'true' };

function binding(ns: string, name: string, role: string, sa: { name: string; namespace: string }) {
  return {
    apiVersion: `${RBAC}/v1`,
    kind: 'RoleBinding',
    metadata: { name, namespace: ns },
    roleRef: { apiGroup: RBAC, kind: 'Role', name: role },
    subjects: [{ kind: 'ServiceAccount', name: sa.name, namespace: sa.namespace }],
  };
}

function serviceAccount(ns: string, name: string, claims?: Record<string, string[]>) {
  return {
    apiVersion: 'v1',
    kind: 'ServiceAccount',
    metadata: {
      name,
      namespace: ns,
      annotations: claims
        ? { ...managed, 'rbac.kargo.akuity.io/claims': JSON.stringify(claims) }
        : managed,
    },
  };
}

/** The access documents of one project namespace. */
export function projectAccess(ns: string): Array<Record<string, unknown>> {
  const roles = Object.entries(projectRoles()).map(([name, rules]) => ({
    apiVersion: `${RBAC}/v1`,
    kind: 'Role',
    metadata: { name, namespace: ns, annotations: managed },
    rules,
  }));
  return [
    serviceAccount(ns, 'kargo-admin'),
    serviceAccount(ns, 'kargo-promoter', { groups: ['kargo-promoters'] }),
    serviceAccount(ns, 'kargo-viewer', { groups: ['kargo-viewers'] }),
    ...roles,
    binding(ns, 'kargo-admin', 'kargo-admin', { name: 'kargo-admin', namespace: ns }),
    binding(ns, 'kargo-promoter', 'kargo-admin', { name: 'kargo-promoter', namespace: ns }),
    binding(ns, 'kargo-viewer', 'kargo-viewer', { name: 'kargo-viewer', namespace: ns }),
    binding(ns, 'kargo-portal', 'kargo-admin', { name: 'kargo-portal', namespace: 'backstage' }),
  ];
}

/** The demo's sign-in users and the portal's own ServiceAccounts. */
export function accessScenario(): Array<Record<string, unknown>> {
  const user = (name: string, email: string, displayName: string, group: string) => ({
    apiVersion: 'sandbox/v1',
    kind: 'OIDCUser',
    metadata: { name },
    spec: { email, name: displayName, groups: [group], password: name },
  });
  return [
    user('alice', 'alice@example.com', 'Alice Promoter', 'kargo-promoters'),
    user('bob', 'bob@example.com', 'Bob Viewer', 'kargo-viewers'),
    ...['kargo-admin', 'kargo-reader', 'kargo-portal'].map(name => ({
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name, namespace: 'backstage' },
    })),
    clusterConfig(),
    ...projectAccess('checkout'),
    ...projectAccess('payments'),
  ];
}
