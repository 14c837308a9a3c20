/** create / update / patch / delete, with CRD status-subresource semantics. */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, invalid, notFound } from './errors';
import { readJson, sendJson } from './http';
import { applyPatchBody } from './patch';
import { apiVersionOf } from './resources';
import { KubeObject } from './store';
import { FieldValidation } from './validation';
import type { KubeApiContext, ResourcePath } from './api';
import type { Principal } from './auth';

function fieldValidation(query: URLSearchParams): FieldValidation {
  const v = query.get('fieldValidation');
  return v === 'Strict' || v === 'Ignore' ? v : 'Warn';
}

function warningHeaders(warnings: string[]): Record<string, string[]> {
  return warnings.length
    ? { warning: warnings.map(w => `299 - ${JSON.stringify(w)}`) }
    : {};
}

function asObject(body: unknown): KubeObject {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('the body of the request must be a JSON object');
  }
  const obj = body as KubeObject;
  obj.metadata = (obj.metadata ?? {}) as KubeObject['metadata'];
  return obj;
}

function checkKind(path: ResourcePath, obj: KubeObject) {
  const { rt } = path;
  if (obj.kind && obj.kind !== rt.kind) {
    throw badRequest(
      `the kind of the provided object (${obj.kind}) does not match the resource (${rt.kind})`,
    );
  }
  if (obj.apiVersion && obj.apiVersion !== apiVersionOf(rt)) {
    throw badRequest(
      `the API version in the data (${
        obj.apiVersion
      }) does not match the expected API version (${apiVersionOf(rt)})`,
    );
  }
  if (rt.namespaced) {
    if (obj.metadata.namespace && obj.metadata.namespace !== path.namespace) {
      throw badRequest(
        'the namespace of the provided object does not match the namespace sent on the request',
      );
    }
    obj.metadata.namespace = path.namespace;
  }
}

function checkNamespaceExists(ctx: KubeApiContext, path: ResourcePath) {
  if (!path.rt.namespaced) return;
  const nsType = ctx.registry.find('', 'v1', 'namespaces')!;
  if (!ctx.store.get(nsType, undefined, path.namespace!)) {
    throw notFound('namespaces', '', path.namespace!);
  }
}

export async function createObject(
  ctx: KubeApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: ResourcePath,
  query: URLSearchParams,
  user?: Principal,
) {
  const obj = asObject(await readJson(req));
  checkKind(path, obj);
  if (user && ctx.admission)
    ctx.admission({ operation: 'CREATE', rt: path.rt, user, obj });
  const meta = obj.metadata;
  if (!meta.name && typeof meta.generateName === 'string') {
    meta.name = `${meta.generateName}${randomBytes(3)
      .toString('hex')
      .slice(0, 5)}`;
  }
  checkNamespaceExists(ctx, path);
  for (const k of ['uid', 'resourceVersion', 'creationTimestamp', 'generation'])
    delete meta[k];
  // With a status subresource, status is not writable through the main resource.
  if (path.rt.statusSubresource) delete obj.status;
  obj.apiVersion = apiVersionOf(path.rt);
  obj.kind = path.rt.kind;
  const warnings = ctx.validator.validate(path.rt, obj, fieldValidation(query));
  if (query.get('dryRun') === 'All') {
    sendJson(res, 201, obj, warningHeaders(warnings));
    return;
  }
  sendJson(res, 201, ctx.store.create(path.rt, obj), warningHeaders(warnings));
}

/** Merges what the endpoint may change into the stored object. */
function scoped(
  path: ResourcePath,
  old: KubeObject,
  next: KubeObject,
): KubeObject {
  if (path.subresource === 'status') {
    return {
      ...old,
      metadata: {
        ...old.metadata,
        resourceVersion: next.metadata.resourceVersion,
      },
      status: next.status,
    };
  }
  if (path.rt.statusSubresource) {
    const out = { ...next, status: old.status };
    if (old.status === undefined) delete out.status;
    return out;
  }
  return next;
}

function save(
  ctx: KubeApiContext,
  res: ServerResponse,
  path: ResourcePath,
  query: URLSearchParams,
  obj: KubeObject,
  old: KubeObject,
  user?: Principal,
) {
  if (user && ctx.admission && path.subresource !== 'status')
    ctx.admission({ operation: 'UPDATE', rt: path.rt, user, obj, old });
  const warnings = ctx.validator.validate(path.rt, obj, fieldValidation(query));
  if (query.get('dryRun') === 'All') {
    sendJson(res, 200, obj, warningHeaders(warnings));
    return;
  }
  sendJson(res, 200, ctx.store.update(path.rt, obj), warningHeaders(warnings));
}

export async function replaceObject(
  ctx: KubeApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: ResourcePath,
  query: URLSearchParams,
  user?: Principal,
) {
  const { rt } = path;
  const obj = asObject(await readJson(req));
  checkKind(path, obj);
  if (obj.metadata.name !== path.name) {
    throw badRequest(
      `the name of the object (${obj.metadata.name}) does not match the name on the URL (${path.name})`,
    );
  }
  const old = ctx.store.get(rt, path.namespace, path.name!);
  if (!old) throw notFound(rt.plural, rt.group, path.name!);
  if (!obj.metadata.resourceVersion) {
    throw invalid(rt.kind, rt.group, path.name!, [
      {
        field: 'metadata.resourceVersion',
        reason: 'FieldValueInvalid',
        message: 'Invalid value: 0x0: must be specified for an update',
      },
    ]);
  }
  save(ctx, res, path, query, scoped(path, old, obj), old, user);
}

export async function patchObject(
  ctx: KubeApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: ResourcePath,
  query: URLSearchParams,
  user?: Principal,
) {
  const { rt } = path;
  const old = ctx.store.get(rt, path.namespace, path.name!);
  if (!old) throw notFound(rt.plural, rt.group, path.name!);
  const body = await readJson(req);
  const patched = asObject(
    applyPatchBody(req.headers['content-type'] ?? '', old, body),
  );
  // A patch cannot rename or move an object.
  patched.metadata.name = old.metadata.name;
  if (rt.namespaced) patched.metadata.namespace = old.metadata.namespace;
  patched.apiVersion = old.apiVersion;
  patched.kind = old.kind;
  save(ctx, res, path, query, scoped(path, old, patched), old, user);
}

export function deleteObject(
  ctx: KubeApiContext,
  res: ServerResponse,
  path: ResourcePath,
) {
  const deleted = ctx.store.delete(path.rt, path.namespace, path.name!);
  sendJson(res, 200, deleted);
}
