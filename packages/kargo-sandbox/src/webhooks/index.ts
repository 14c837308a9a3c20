/**
 * Kargo's Kubernetes admission webhooks for the sandbox's API writes
 * (akuity/kargo v1.11.2 charts/kargo/templates/kubernetes-webhooks-server/
 * webhooks.yaml registers promotion.kargo.akuity.io and
 * stage.kargo.akuity.io). A refusal reaches the writer as kube-apiserver
 * reports it: `admission webhook "<name>" denied the request: <message>`.
 */
import type { AdmissionHook } from '../kube/api';
import { isAllowed, Principal } from '../kube/auth';
import { KubeError } from '../kube/errors';
import type { ResourceRegistry } from '../kube/resources';
import type { ObjectStore } from '../kube/store';
import type { RbacAuthorizer } from '../rbac/rbac';
import { admitPromotion } from './promotion';
import { stampRequestActor } from './requests';
import type { WebhookContext, WebhookRequest } from './types';

export type { WebhookContext, WebhookRequest } from './types';
export { admitPromotion } from './promotion';

/**
 * The chart's default CONTROLPLANE_USER_REGEX (charts/kargo/templates/
 * _helpers.tpl `kargo.controlplane.defaultUserRegex`, namespace `kargo`).
 * @public
 */
export const DEFAULT_CONTROL_PLANE_USER_REGEX =
  '^system:serviceaccount:kargo:(kargo-api|kargo-controller|kargo-garbage-collector|kargo-management-controller)$';

export function createWebhookContext(
  store: ObjectStore,
  registry: ResourceRegistry,
  rbac: RbacAuthorizer,
  controlPlaneRegex: RegExp,
): WebhookContext {
  const kargo = (plural: string) =>
    registry.find('kargo.akuity.io', 'v1alpha1', plural)!;
  return {
    get: (plural, ns, name) => store.get(kargo(plural), ns, name),
    list: (plural, ns) => store.list(kargo(plural), ns),
    allows: (user, a) =>
      isAllowed(
        {
          verbs: [],
          namespacedOnly: false,
          ...user,
          groups: [...(user.groups ?? [])],
        } as Principal,
        a.verb,
        { plural: a.resource, group: a.group, namespaced: Boolean(a.namespace) },
        a.namespace,
        rbac,
        a.name,
        a.subresource,
      ),
    isControlPlane: username => controlPlaneRegex.test(username),
  };
}

function admitStage(ctx: WebhookContext, req: WebhookRequest) {
  const annotations = (req.obj.metadata.annotations ?? {}) as Record<string, string>;
  const old = req.old?.metadata.annotations as Record<string, string> | undefined;
  const cp = ctx.isControlPlane(req.user.username);
  for (const key of ['kargo.akuity.io/reverify', 'kargo.akuity.io/abort'])
    stampRequestActor('verification', key, annotations, req.old ? old ?? {} : undefined, req.user.username, cp);
}

/** Runs the webhook for the request's kind, if Kargo has one. */
export function runWebhooks(ctx: WebhookContext, req: WebhookRequest & { kind: string }) {
  const webhook = ({ Promotion: admitPromotion, Stage: admitStage } as Record<
    string,
    typeof admitStage | undefined
  >)[req.kind];
  if (!webhook) return;
  try {
    webhook(ctx, req);
  } catch (e) {
    if (!(e instanceof KubeError)) throw e;
    throw new KubeError(
      e.code,
      e.reason,
      `admission webhook "${req.kind.toLowerCase()}.kargo.akuity.io" denied the request: ${e.message}`,
      e.details,
    );
  }
}

export function createAdmissionHook(ctx: WebhookContext): AdmissionHook {
  return ({ operation, rt, user, obj, old }) => {
    if (rt.group !== 'kargo.akuity.io') return;
    runWebhooks(ctx, { kind: rt.kind, operation, user, obj, old });
  };
}
