/**
 * Reads and writes of the Kargo API server, in-process: reads through the
 * caller's authorization (Kargo's authorizing client) or the server's own
 * (its internal client); writes as the API server's ServiceAccount, which
 * Kargo's webhooks treat as control plane, so the actor the server records
 * is kept (akuity/kargo v1.11.2 pkg/server/kubernetes/client.go,
 * pkg/api/finalizers.go patchAnnotations: a JSON merge patch of
 * `metadata.annotations`).
 */
import { notFound } from '../kube/errors';
import type { Principal } from '../kube/auth';
import type { ResourceRegistry, ResourceType } from '../kube/resources';
import type { KubeObject, ObjectStore } from '../kube/store';
import type { SchemaValidator } from '../kube/validation';
import type { RbacAuthorizer } from '../rbac/rbac';
import { runWebhooks, WebhookContext } from '../webhooks';
import type { KargoUser } from './authn';
import { checkAccess } from './authz';
import type { SandboxJobLogs } from './jobLogs';

/** The API server's own identity (chart: kargo-api in namespace kargo). */
export const KARGO_API_PRINCIPAL: Principal = {
  username: 'system:serviceaccount:kargo:kargo-api',
  groups: ['system:serviceaccounts', 'system:serviceaccounts:kargo'],
  verbs: '*',
  namespacedOnly: false,
};

export interface KargoApiDeps {
  store: ObjectStore;
  registry: ResourceRegistry;
  validator: SchemaValidator;
  rbac: RbacAuthorizer;
  webhooks: WebhookContext;
  globalServiceAccountNamespaces: string[];
  /** The log backend of AnalysisRun logs; absent: log streaming not configured. */
  jobLogs?: SandboxJobLogs;
}

export class KargoObjects {
  constructor(private readonly d: KargoApiDeps, private readonly user: KargoUser) {}

  type(plural: string): ResourceType {
    return this.d.registry.find('kargo.akuity.io', 'v1alpha1', plural)!;
  }

  /** The authorizing client's check for one verb. */
  authorize(verb: string, plural: string, namespace?: string, name?: string, subresource?: string) {
    checkAccess(
      this.d.rbac,
      this.user,
      { verb, group: 'kargo.akuity.io', resource: plural, namespace, name, subresource },
      this.d.globalServiceAccountNamespaces,
    );
  }

  /** Authorized get: the caller needs `get`; undefined when missing. */
  get(plural: string, namespace: string, name: string): KubeObject | undefined {
    this.authorize('get', plural, namespace, name);
    return this.internalGet(plural, namespace, name);
  }

  /** rollouts.GetAnalysisRun through the authorizing client (`get` on argoproj.io analysisruns). */
  getAnalysisRun(namespace: string, name: string): KubeObject | undefined {
    checkAccess(
      this.d.rbac,
      this.user,
      { verb: 'get', group: 'argoproj.io', resource: 'analysisruns', namespace, name },
      this.d.globalServiceAccountNamespaces,
    );
    return this.d.store.get(this.d.registry.find('argoproj.io', 'v1alpha1', 'analysisruns')!, namespace, name);
  }

  internalGet(plural: string, namespace: string | undefined, name: string) {
    return this.d.store.get(this.type(plural), namespace, name);
  }

  /** Authorized list of one namespace. */
  list(plural: string, namespace: string): KubeObject[] {
    this.authorize('list', plural, namespace);
    return this.d.store.list(this.type(plural), namespace);
  }

  create(plural: string, obj: KubeObject): KubeObject {
    this.authorize('create', plural, obj.metadata.namespace as string);
    const rt = this.type(plural);
    runWebhooks(this.d.webhooks, { kind: rt.kind, operation: 'CREATE', user: KARGO_API_PRINCIPAL, obj });
    obj.apiVersion = `${rt.group}/${rt.version}`;
    obj.kind = rt.kind;
    this.d.validator.validate(rt, obj, 'Ignore');
    return this.d.store.create(rt, obj);
  }

  /** patchAnnotation through the caller's authorization (`authorized`) or the internal client. */
  patchAnnotations(
    plural: string,
    namespace: string,
    name: string,
    kvs: Record<string, string>,
    authorized: boolean,
  ): KubeObject {
    if (authorized) this.authorize('patch', plural, namespace, name);
    const rt = this.type(plural);
    const old = this.d.store.get(rt, namespace, name);
    if (!old) throw notFound(rt.plural, rt.group, name);
    const next: KubeObject = {
      ...old,
      metadata: {
        ...old.metadata,
        annotations: { ...(old.metadata.annotations ?? {}), ...kvs },
      },
    };
    runWebhooks(this.d.webhooks, { kind: rt.kind, operation: 'UPDATE', user: KARGO_API_PRINCIPAL, obj: next, old });
    return this.d.store.update(rt, next);
  }

  /** A status patch (the status subresource), authorized as `patch freights/status`. */
  patchStatus(plural: string, namespace: string, name: string, status: Record<string, unknown>) {
    this.authorize('patch', plural, namespace, name, 'status');
    const rt = this.type(plural);
    const old = this.d.store.get(rt, namespace, name);
    if (!old) throw notFound(rt.plural, rt.group, name);
    return this.d.store.update(rt, { ...old, status });
  }
}
