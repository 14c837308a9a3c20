/**
 * The ServiceAccounts an OIDC user is mapped to, as akuity/kargo v1.11.2
 * pkg/server/auth_middleware.go listServiceAccounts finds them through the
 * index of pkg/indexer/indexer.go ServiceAccountsByOIDCClaims: each string
 * claim value (or string item of an array claim) matches a ServiceAccount
 * whose `rbac.kargo.akuity.io/claims` JSON object (claim -> list of values;
 * an annotation that is not such an object is ignored) or older
 * `rbac.kargo.akuity.io/claim.<name>` annotation (comma-separated values)
 * names that value; only ServiceAccounts in project namespaces (labelled
 * `kargo.akuity.io/project: "true"`) and the configured global namespaces
 * count.
 */
import type { ResourceRegistry } from '../kube/resources';
import type { KubeObject, ObjectStore } from '../kube/store';

const CLAIMS = 'rbac.kargo.akuity.io/claims';
const CLAIM_PREFIX = 'rbac.kargo.akuity.io/claim.';

/** The `claim/value` keys a ServiceAccount is indexed under. */
export function claimKeysOf(sa: KubeObject): string[] {
  const keys: string[] = [];
  const annotations = (sa.metadata.annotations ?? {}) as Record<string, string>;
  for (const [key, value] of Object.entries(annotations)) {
    if (key.startsWith(CLAIM_PREFIX)) {
      const name = key.slice(CLAIM_PREFIX.length);
      for (const v of value.trim() ? value.split(',') : []) {
        if (v.trim()) keys.push(`${name}/${v.trim()}`);
      }
    } else if (key === CLAIMS) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        continue;
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) continue;
      const entries = Object.entries(parsed as Record<string, unknown>);
      // Go's json.Unmarshal into map[string][]string fails as a whole on a
      // value that is not a list of strings: the annotation then counts for nothing.
      if (!entries.every(([, vs]) => Array.isArray(vs) && vs.every(v => typeof v === 'string')))
        continue;
      for (const [name, vs] of entries)
        for (const v of vs as string[]) keys.push(`${name}/${v.trim()}`);
    }
  }
  return keys;
}

function queriesOf(claims: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  for (const [name, value] of Object.entries(claims)) {
    if (typeof value === 'string') out.add(`${name}/${value}`);
    if (Array.isArray(value))
      for (const v of value) if (typeof v === 'string') out.add(`${name}/${v}`);
  }
  return out;
}

export function mappedServiceAccounts(
  store: ObjectStore,
  registry: ResourceRegistry,
  claims: Record<string, unknown>,
  globalNamespaces: readonly string[],
): Map<string, Set<string>> {
  const namespaces = new Set(globalNamespaces);
  for (const ns of store.peek(registry.find('', 'v1', 'namespaces')!)) {
    if ((ns.metadata.labels as Record<string, string> | undefined)?.['kargo.akuity.io/project'] === 'true')
      namespaces.add(ns.metadata.name);
  }
  const queries = queriesOf(claims);
  const out = new Map<string, Set<string>>();
  for (const sa of store.peek(registry.find('', 'v1', 'serviceaccounts')!)) {
    const ns = sa.metadata.namespace as string;
    if (!namespaces.has(ns)) continue;
    if (!claimKeysOf(sa).some(k => queries.has(k))) continue;
    if (!out.has(ns)) out.set(ns, new Set());
    out.get(ns)!.add(sa.metadata.name);
  }
  return out;
}
