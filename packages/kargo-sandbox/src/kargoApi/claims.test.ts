import { loadCrdResourceTypes, ResourceRegistry } from '../kube/resources';
import { ObjectStore } from '../kube/store';
import { RbacAuthorizer } from '../rbac/rbac';
import { mappedServiceAccounts } from './claims';

function setup() {
  const registry = new ResourceRegistry(loadCrdResourceTypes());
  const store = new ObjectStore();
  const put = (apiVersion: string, kind: string, obj: any) => {
    const rt = registry.byKind(apiVersion, kind)!;
    store.create(rt, { apiVersion, kind, ...obj });
  };
  put('v1', 'Namespace', { metadata: { name: 'shop', labels: { 'kargo.akuity.io/project': 'true' } } });
  put('v1', 'Namespace', { metadata: { name: 'other' } });
  put('v1', 'ServiceAccount', {
    metadata: { name: 'new-style', namespace: 'shop', annotations: { 'rbac.kargo.akuity.io/claims': '{"groups":["ops"]}' } },
  });
  put('v1', 'ServiceAccount', {
    metadata: { name: 'old-style', namespace: 'shop', annotations: { 'rbac.kargo.akuity.io/claim.email': 'a@x.io, b@x.io' } },
  });
  put('v1', 'ServiceAccount', {
    metadata: { name: 'scalar', namespace: 'shop', annotations: { 'rbac.kargo.akuity.io/claims': '{"groups":"ops"}' } },
  });
  put('v1', 'ServiceAccount', {
    metadata: { name: 'not-a-project', namespace: 'other', annotations: { 'rbac.kargo.akuity.io/claims': '{"groups":["ops"]}' } },
  });
  return { registry, store, put };
}

describe('mapping OIDC claims to ServiceAccounts, as Kargo indexes them', () => {
  it('matches the claims annotation and the older claim.<name> form, only in project namespaces', () => {
    const { registry, store } = setup();
    const byGroup = mappedServiceAccounts(store, registry, { groups: ['ops'] }, []);
    expect([...byGroup.entries()].map(([ns, s]) => [ns, [...s]])).toEqual([['shop', ['new-style']]]);
    const byEmail = mappedServiceAccounts(store, registry, { email: 'b@x.io' }, []);
    expect([...(byEmail.get('shop') ?? [])]).toEqual(['old-style']);
    expect(mappedServiceAccounts(store, registry, { groups: ['ops'] }, ['other']).get('other')).toEqual(
      new Set(['not-a-project']),
    );
  });

  it('grants by RoleBinding rules, honouring resourceNames', () => {
    const { registry, store, put } = setup();
    put('rbac.authorization.k8s.io/v1', 'Role', {
      metadata: { name: 'prod-only', namespace: 'shop' },
      rules: [{ apiGroups: ['kargo.akuity.io'], resources: ['stages'], verbs: ['promote'], resourceNames: ['prod'] }],
    });
    put('rbac.authorization.k8s.io/v1', 'RoleBinding', {
      metadata: { name: 'b', namespace: 'shop' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'prod-only' },
      subjects: [{ kind: 'ServiceAccount', name: 'new-style', namespace: 'shop' }],
    });
    const rbac = new RbacAuthorizer(store, registry);
    const who = { username: 'system:serviceaccount:shop:new-style' };
    const ask = (name: string, ns = 'shop') =>
      rbac.allows(who, { verb: 'promote', group: 'kargo.akuity.io', resource: 'stages', namespace: ns, name });
    expect(ask('prod')).toBe(true);
    expect(ask('dev')).toBe(false);
    expect(ask('prod', 'other')).toBe(false);
  });
});
