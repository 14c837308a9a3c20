/**
 * Kargo's Promotion admission webhook, as akuity/kargo v1.11.2
 * pkg/webhook/kubernetes/promotion/webhook.go applies it (Default, then
 * ValidateCreate / ValidateUpdate): the Stage must exist; on create the
 * name is generated (`<stage>.<ulid>.<freight[0:7]>`, pkg/api/promotion.go
 * GeneratePromotionName), `kargo.akuity.io/create-actor` becomes
 * `kubernetes:<username>` unless the writer is Kargo's control plane, steps
 * and vars are copied from the Stage's promotion template (a Stage without
 * steps is refused) and the writer needs `promote` on the Stage.
 */
import { isDeepStrictEqual } from 'node:util';
import { ulid } from 'ulid';
import { shortenLabelValue } from '../controller/naming';
import { invalid, KubeError } from '../kube/errors';
import type { KubeObject } from '../kube/store';
import { isFreightAvailable, originString } from './freight';
import { kubernetesActor, stampRequestActor } from './requests';
import type { WebhookContext, WebhookRequest } from './types';

const GROUP = 'kargo.akuity.io';
const STAGE_KEY = 'kargo.akuity.io/stage';
const CREATE_ACTOR = 'kargo.akuity.io/create-actor';
const ABORT = 'kargo.akuity.io/abort';
const MAX_STAGE_PREFIX = 253 - 1 - 26 - 1 - 7;

const invalidPromotion = (name: string, field: string, value: string, why: string) =>
  invalid('Promotion', GROUP, name, [
    {
      field,
      reason: 'FieldValueInvalid',
      message: `Invalid value: ${JSON.stringify(value)}: ${why}`,
    },
  ]);

export function generatePromotionName(stage: string, freight: string): string {
  return [stage.slice(0, MAX_STAGE_PREFIX), ulid(), freight.slice(0, 7)]
    .join('.')
    .toLowerCase();
}

function resolveOrigin(
  ctx: WebhookContext,
  promo: KubeObject,
  stage: KubeObject,
): string {
  const spec = promo.spec as { origin?: { kind?: string; name?: string } };
  const candidates = ctx
    .list('freights', promo.metadata.namespace)
    .filter(
      f =>
        originString((f as any).origin) === originString(spec.origin) &&
        isFreightAvailable(stage, f),
    )
    .sort((a, b) =>
      String(b.metadata.creationTimestamp).localeCompare(
        String(a.metadata.creationTimestamp),
      ),
    );
  if (!candidates[0]) {
    throw invalidPromotion(
      promo.metadata.name ?? '',
      'spec.origin',
      originString(spec.origin),
      `no auto-promotion candidate found for origin "${originString(
        spec.origin,
      )}" on Stage "${stage.metadata.name}"`,
    );
  }
  return candidates[0].metadata.name;
}

function authorize(ctx: WebhookContext, req: WebhookRequest, action: string) {
  const promo = req.obj;
  const spec = promo.spec as { stage?: string };
  if (
    !ctx.allows(req.user, {
      verb: 'promote',
      group: GROUP,
      resource: 'stages',
      namespace: promo.metadata.namespace,
      name: spec.stage,
    })
  ) {
    throw new KubeError(
      500,
      'InternalError',
      `Internal error occurred: Promotion.${GROUP} "${promo.metadata.name}" is forbidden: subject "${req.user.username}" is not permitted to ${action} Promotions for Stage "${spec.stage}"`,
    );
  }
}

export function admitPromotion(ctx: WebhookContext, req: WebhookRequest) {
  const promo = req.obj;
  const ns = promo.metadata.namespace as string;
  const spec = (promo.spec ?? {}) as Record<string, any>;
  const annotations = (promo.metadata.annotations ??= {}) as Record<
    string,
    string
  >;
  const stage = ctx.get('stages', ns, spec.stage ?? '');
  if (!stage) {
    throw invalidPromotion(
      promo.metadata.name ?? '',
      'spec.stage',
      spec.stage ?? '',
      `could not find Stage "${spec.stage}" in namespace "${ns}"`,
    );
  }
  const controlPlane = ctx.isControlPlane(req.user.username);
  if (req.operation === 'CREATE') {
    if (spec.origin && !spec.freight) {
      spec.freight = resolveOrigin(ctx, promo, stage);
      delete spec.origin;
    }
    promo.metadata.name = generatePromotionName(
      stage.metadata.name,
      spec.freight ?? '',
    );
    if (!controlPlane)
      annotations[CREATE_ACTOR] = kubernetesActor(req.user.username);
    stampRequestActor('abortPromotion', ABORT, annotations, undefined, req.user.username, controlPlane);
    const template = (stage.spec as any)?.promotionTemplate?.spec;
    if (!template?.steps?.length) {
      throw invalidPromotion(
        promo.metadata.name,
        'spec.stage',
        spec.stage,
        `Stage "${spec.stage}" in namespace "${ns}" defines no promotion steps`,
      );
    }
    spec.steps = template.steps;
    spec.vars = [...((stage.spec as any).vars ?? []), ...(template.vars ?? [])];
    if (spec.vars.length === 0) delete spec.vars;
  } else {
    const old = req.old!;
    const oldAnnotations = (old.metadata.annotations ?? {}) as Record<
      string,
      string
    >;
    if (oldAnnotations[CREATE_ACTOR] !== undefined)
      annotations[CREATE_ACTOR] = oldAnnotations[CREATE_ACTOR];
    else delete annotations[CREATE_ACTOR];
    stampRequestActor('abortPromotion', ABORT, annotations, oldAnnotations, req.user.username, controlPlane);
  }
  const labels = (promo.metadata.labels ??= {}) as Record<string, string>;
  labels[STAGE_KEY] = shortenLabelValue(spec.stage);
  annotations[STAGE_KEY] = spec.stage;
  promo.metadata.ownerReferences = [
    {
      apiVersion: `${GROUP}/v1alpha1`,
      kind: 'Stage',
      name: stage.metadata.name,
      uid: stage.metadata.uid as string,
      controller: true,
      blockOwnerDeletion: true,
    },
  ];
  promo.spec = spec;
  validatePromotion(ctx, req, stage);
}

function validatePromotion(
  ctx: WebhookContext,
  req: WebhookRequest,
  stage: KubeObject,
) {
  const promo = req.obj;
  const spec = promo.spec as Record<string, any>;
  if (req.operation === 'UPDATE') {
    authorize(ctx, req, 'update');
    if (!isDeepStrictEqual(spec, req.old!.spec ?? {})) {
      throw invalid('Promotion', GROUP, promo.metadata.name, [
        { field: 'spec', reason: 'FieldValueInvalid', message: 'Invalid value: "object": spec is immutable' },
      ]);
    }
    return;
  }
  authorize(ctx, req, 'create');
  const freight = ctx.get('freights', promo.metadata.namespace, spec.freight ?? '');
  if (!isFreightAvailable(stage, freight)) {
    throw invalidPromotion(
      promo.metadata.name,
      'spec.freight',
      spec.freight ?? '',
      'Freight is not available to this Stage',
    );
  }
}
