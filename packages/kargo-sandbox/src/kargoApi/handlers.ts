/**
 * The Kargo REST endpoints the plugin uses, each matching its akuity/kargo
 * v1.11.2 handler in pkg/server: promote_to_stage_v1alpha1.go,
 * reverify_v1alpha1.go and abort_verification_v1alpha1.go (with
 * pkg/api/stage.go ReverifyStageFreight / AbortStageFreightVerification),
 * abort_promotion_v1alpha1.go (pkg/api/promotion.go AbortPromotion),
 * approve_freight_v1alpha1.go, refresh_stage_v1alpha1.go and
 * refresh_warehouse_v1alpha1.go (pkg/api/refresh.go RefreshObject),
 * get_stage_links_v1alpha1.go (pkg/deeplinks, see ./deeplinks.ts). Errors
 * Kargo leaves untyped (a missing Stage on reverify, a Stage with no
 * Freight) are 500s there, and so here.
 */
import { TERMINAL_VERIFICATION } from '../controller/context';
import type { KubeObject } from '../kube/store';
import { isFreightAvailable, originString, requestsOrigin } from '../webhooks/freight';
import { actorOf, KargoUser } from './authn';
import { KargoApiError, plainError, wrapError } from './errors';
import { KargoObjects } from './objects';
import { evaluateLinks, type DeepLink } from './deeplinks';

export interface Call {
  user: KargoUser;
  objects: KargoObjects;
  params: Record<string, string>;
  query: URLSearchParams;
  body: () => Promise<unknown>;
}

export interface Answer {
  status: number;
  body?: unknown;
  /** Server-Sent Events frames, sent as they come (a throw cuts the connection). */
  stream?: AsyncIterable<string>;
}

const OK: Answer = { status: 200 };
const TERMINAL_PROMOTION = new Set(['Succeeded', 'Failed', 'Errored', 'Aborted']);

/** pkg/api GetStage / GetPromotion through the authorizing client. */
function getWrapped(o: KargoObjects, plural: string, kind: string, ns: string, name: string) {
  try {
    return o.get(plural, ns, name);
  } catch (e) {
    throw wrapError(`error getting ${kind} "${name}" in namespace "${ns}"`, e);
  }
}

function patchWrapped(o: KargoObjects, plural: string, ns: string, name: string, key: string, value: string, authorized = true) {
  try {
    o.patchAnnotations(plural, ns, name, { [key]: value }, authorized);
  } catch (e) {
    throw wrapError('patch annotation', e);
  }
}

function stringField(body: Record<string, unknown>, field: string): string {
  const v = body[field];
  if (v === undefined || v === null) return '';
  if (typeof v !== 'string')
    throw new KargoApiError(
      400,
      `json: cannot unmarshal ${Array.isArray(v) ? 'array' : typeof v} into Go struct field promoteToStageRequest.${field} of type string`,
    );
  return v;
}

export async function promoteToStage(c: Call): Promise<Answer> {
  const { project, stage: stageName } = c.params;
  const raw = await c.body();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new KargoApiError(400, 'json: cannot unmarshal into Go value of type server.promoteToStageRequest');
  const body = raw as Record<string, unknown>;
  const req = {
    freight: stringField(body, 'freight'),
    freightAlias: stringField(body, 'freightAlias'),
    origin: stringField(body, 'origin'),
  };
  if ([req.freight, req.freightAlias, req.origin].filter(Boolean).length !== 1)
    throw new KargoApiError(400, 'exactly one of freight, freightAlias, or origin must be provided');
  const stage = getWrapped(c.objects, 'stages', 'Stage', project, stageName);
  if (!stage)
    throw new KargoApiError(404, `Stage "${stageName}" not found in project "${project}"`);
  c.objects.authorize('promote', 'stages', project, stageName);
  const promotion = (spec: Record<string, unknown>): KubeObject => ({
    apiVersion: 'kargo.akuity.io/v1alpha1',
    kind: 'Promotion',
    metadata: {
      name: '',
      namespace: project,
      generateName: 'promo-',
      annotations: { 'kargo.akuity.io/create-actor': actorOf(c.user) },
    } as KubeObject['metadata'],
    spec: { stage: stageName, ...spec },
  });
  if (req.origin) {
    const m = /^([^/]+)\/(.+)$/.exec(req.origin);
    if (!m || m[1] !== 'Warehouse')
      throw new KargoApiError(400, `invalid origin "${req.origin}": expected "Warehouse/<name>"`);
    const created = c.objects.create('promotions', promotion({ origin: { kind: m[1], name: m[2] } }));
    return { status: 201, body: created };
  }
  let freight: KubeObject | undefined;
  if (req.freight) {
    freight = c.objects.get('freights', project, req.freight);
    if (!freight)
      throw new KargoApiError(404, `Freight "${req.freight}" not found in project "${project}"`);
  } else {
    freight = c.objects
      .list('freights', project)
      .find(f => (f.metadata.labels as any)?.['kargo.akuity.io/alias'] === req.freightAlias);
    if (!freight)
      throw new KargoApiError(404, `Freight with alias "${req.freightAlias}" not found in project "${project}"`);
  }
  if (!isFreightAvailable(stage, freight))
    throw new KargoApiError(400, `Freight "${freight.metadata.name}" is not available to Stage "${stageName}"`);
  const created = c.objects.create('promotions', promotion({ freight: freight.metadata.name }));
  return { status: 201, body: created };
}

/** The current VerificationInfo, or the untyped error Kargo returns. */
function currentVerification(stage: KubeObject | undefined, ns: string, name: string) {
  if (!stage) throw plainError(`Stage "${name}" in namespace "${ns}" not found`);
  const fc = (stage.status as any)?.freightHistory?.[0];
  if (!fc || Object.keys(fc.items ?? {}).length === 0) throw plainError('stage has no current freight');
  const vi = fc.verificationHistory?.[0];
  if (!vi) throw plainError('stage has no current verification info');
  if (!vi.id) throw plainError('current stage verification info has no ID');
  return vi as { id: string; phase?: string };
}

const request = (id: string, user: KargoUser) => JSON.stringify({ id, actor: actorOf(user) });

export async function reverify(c: Call): Promise<Answer> {
  const { project, stage } = c.params;
  const vi = currentVerification(getWrapped(c.objects, 'stages', 'Stage', project, stage), project, stage);
  patchWrapped(c.objects, 'stages', project, stage, 'kargo.akuity.io/reverify', request(vi.id, c.user));
  return OK;
}

export async function abortVerification(c: Call): Promise<Answer> {
  const { project, stage } = c.params;
  const vi = currentVerification(getWrapped(c.objects, 'stages', 'Stage', project, stage), project, stage);
  if (vi.phase && TERMINAL_VERIFICATION.has(vi.phase)) return OK;
  patchWrapped(c.objects, 'stages', project, stage, 'kargo.akuity.io/abort', request(vi.id, c.user));
  return OK;
}

export async function abortPromotion(c: Call): Promise<Answer> {
  const { project, promotion } = c.params;
  const promo = getWrapped(c.objects, 'promotions', 'Promotion', project, promotion);
  if (!promo) throw plainError(`Promotion "${promotion}" in namespace "${project}" not found`);
  if (TERMINAL_PROMOTION.has((promo.status as any)?.phase)) return OK;
  const value = JSON.stringify({ action: 'terminate', actor: actorOf(c.user) });
  patchWrapped(c.objects, 'promotions', project, promotion, 'kargo.akuity.io/abort', value);
  return OK;
}

export async function approveFreight(c: Call): Promise<Answer> {
  const { project, freight: nameOrAlias } = c.params;
  const stageName = c.query.get('stage') ?? '';
  if (!stageName) throw new KargoApiError(400, 'stage query parameter is required');
  const freight =
    c.objects.get('freights', project, nameOrAlias) ??
    c.objects
      .list('freights', project)
      .find(f => (f.metadata.labels as any)?.['kargo.akuity.io/alias'] === nameOrAlias);
  if (!freight)
    throw new KargoApiError(404, `Freight with name or alias "${nameOrAlias}" not found in project "${project}"`);
  const stage = c.objects.get('stages', project, stageName);
  if (!stage) throw new KargoApiError(404, `stages.kargo.akuity.io "${stageName}" not found`);
  c.objects.authorize('promote', 'stages', project, stageName);
  const origin = (freight as any).origin;
  if (!requestsOrigin(stage, origin))
    throw new KargoApiError(400, `Stage "${stageName}" does not request Freight from origin "${originString(origin)}"`);
  const status = (freight.status ?? {}) as Record<string, any>;
  if (status.approvedFor?.[stageName]) return OK;
  const next = {
    ...status,
    approvedFor: { ...(status.approvedFor ?? {}), [stageName]: { approvedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z') } },
  };
  try {
    c.objects.patchStatus('freights', project, freight.metadata.name, next);
  } catch (e) {
    throw wrapError('patch freight status', e);
  }
  return OK;
}

const now = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export async function refreshStage(c: Call): Promise<Answer> {
  const { project, stage } = c.params;
  patchWrapped(c.objects, 'stages', project, stage, 'kargo.akuity.io/refresh', now(), false);
  const current = (c.objects.internalGet('stages', project, stage)?.status as any)?.currentPromotion?.name;
  if (current) {
    try {
      patchWrapped(c.objects, 'promotions', project, current, 'kargo.akuity.io/refresh', now(), false);
    } catch (e) {
      throw wrapError('failed to refresh current Promotion', e);
    }
  }
  return OK;
}

export async function refreshWarehouse(c: Call): Promise<Answer> {
  const { project, warehouse } = c.params;
  patchWrapped(c.objects, 'warehouses', project, warehouse, 'kargo.akuity.io/refresh', now(), false);
  return OK;
}

/** The `stageLinks` of a config object, when it exists. */
function stageLinksOf(config: KubeObject | undefined): DeepLink[] {
  const links = (config as any)?.spec?.stageLinks;
  return Array.isArray(links) ? links : [];
}

export async function getStageLinks(c: Call): Promise<Answer> {
  const { project, stage: stageName } = c.params;
  // The Stage through the caller's authorization; the configs through the
  // API server's internal client (a reader of the Stage sees its links).
  const stage = c.objects.get('stages', project, stageName);
  if (!stage)
    throw new KargoApiError(404, `Stage "${stageName}" not found in project "${project}"`);
  const defs = [
    ...stageLinksOf(c.objects.internalGet('clusterconfigs', undefined, 'cluster')),
    ...stageLinksOf(c.objects.internalGet('projectconfigs', project, project)),
  ];
  if (defs.length === 0) return { status: 200, body: { links: [] } };
  const { links, errors } = evaluateLinks(defs, { stage: JSON.parse(JSON.stringify(stage)) });
  return { status: 200, body: { links, ...(errors.length ? { errors } : {}) } };
}
