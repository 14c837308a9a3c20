/**
 * The Kubernetes REST API of the sandbox: discovery, OpenAPI and the resource
 * verbs, with kube-apiserver's paths, status codes and `Status` bodies.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  authenticate,
  authorize,
  Principal,
  RbacCheck,
  TokenPolicy,
  Verb,
} from './auth';
import * as discovery from './discovery';
import { KubeError, methodNotAllowed, notFound } from './errors';
import { sendError, sendJson, sendText } from './http';
import { listJson, listObjects } from './list';
import { ResourceRegistry, ResourceType } from './resources';
import { KubeObject, ObjectStore } from './store';
import { asTable, wantsTable } from './table';
import { SchemaValidator } from './validation';
import { serveWatch } from './watch';
import {
  createObject,
  deleteObject,
  patchObject,
  replaceObject,
} from './write';

/** What the API handlers share. @public */
export interface KubeApiContext {
  registry: ResourceRegistry;
  store: ObjectStore;
  validator: SchemaValidator;
  tokens?: TokenPolicy;
  /** Open watch responses, ended when the sandbox stops. */
  watches: Set<ServerResponse>;
  /** How often a watch that allows bookmarks gets one; default 5 s. */
  bookmarkIntervalMs?: number;
  /** RBAC over the stored Roles/Bindings, beyond each token's own verbs. */
  rbac?: RbacCheck;
  /** Kargo's admission webhooks (mutate or refuse writes), when on. */
  admission?: AdmissionHook;
}

/**
 * A mutating/validating admission step for a write through the API: changes
 * `obj` in place or throws a KubeError (kube-apiserver runs Kargo's webhooks
 * here). @public
 */
export type AdmissionHook = (req: {
  operation: 'CREATE' | 'UPDATE';
  rt: ResourceType;
  user: Principal;
  obj: KubeObject;
  old?: KubeObject;
}) => void;

export interface ResourcePath {
  rt: ResourceType;
  namespace?: string;
  name?: string;
  subresource?: string;
}

/** Parses the segments after /api/v1 or /apis/<g>/<v>. */
export function parseResourcePath(
  registry: ResourceRegistry,
  group: string,
  version: string,
  segs: string[],
): ResourcePath | undefined {
  if (segs[0] === 'namespaces' && segs.length >= 3) {
    const rt = registry.find(group, version, segs[2]);
    if (rt?.namespaced) {
      return { rt, namespace: segs[1], name: segs[3], subresource: segs[4] };
    }
  }
  const rt = registry.find(group, version, segs[0]);
  if (!rt || segs.length > 3) return undefined;
  return { rt, name: segs[1], subresource: segs[2] };
}

const PUBLIC = new Set(['/version', '/healthz', '/livez', '/readyz']);

function verbOf(
  method: string,
  path: ResourcePath,
  query: URLSearchParams,
): Verb | undefined {
  const item = path.name !== undefined;
  switch (method) {
    case 'GET':
      if (query.get('watch') === 'true' || query.get('watch') === '1')
        return 'watch';
      return item ? 'get' : 'list';
    case 'POST':
      return item ? undefined : 'create';
    case 'PUT':
      return item ? 'update' : undefined;
    case 'PATCH':
      return item ? 'patch' : undefined;
    case 'DELETE':
      return item ? 'delete' : undefined;
    default:
      return undefined;
  }
}

async function serveResource(
  ctx: KubeApiContext,
  req: IncomingMessage,
  res: ServerResponse,
  path: ResourcePath,
  query: URLSearchParams,
  allowed: Principal,
): Promise<void> {
  const { rt } = path;
  const verb = verbOf(req.method ?? 'GET', path, query);
  if (!verb)
    throw methodNotAllowed(
      `the server does not allow this method on the requested resource`,
    );
  if (
    path.subresource &&
    (path.subresource !== 'status' || !rt.statusSubresource)
  ) {
    throw notFound(
      `${rt.plural}/${path.subresource}`,
      rt.group,
      path.name ?? '',
    );
  }
  authorize(
    allowed,
    verb,
    rt,
    path.namespace,
    ctx.rbac,
    path.name,
    path.subresource,
  );
  const table = wantsTable(req.headers.accept);
  switch (verb) {
    case 'watch':
      serveWatch(ctx, req, res, path, query);
      return;
    case 'list': {
      const list = listObjects(ctx.store, path, query);
      if (table)
        sendJson(res, 200, asTable(rt, [...list.items], list.metadata));
      else sendText(res, 200, listJson(ctx.store, list));
      return;
    }
    case 'get': {
      const obj = ctx.store.get(rt, path.namespace, path.name!);
      if (!obj) throw notFound(rt.plural, rt.group, path.name!);
      sendJson(
        res,
        200,
        table
          ? asTable(rt, [obj], {
              resourceVersion: obj.metadata.resourceVersion,
            })
          : obj,
      );
      return;
    }
    case 'create':
      await createObject(ctx, req, res, path, query, allowed);
      return;
    case 'update':
      await replaceObject(ctx, req, res, path, query, allowed);
      return;
    case 'patch':
      await patchObject(ctx, req, res, path, query, allowed);
      return;
    case 'delete':
      deleteObject(ctx, res, path);
      return;
    default:
      throw methodNotAllowed(`unsupported verb ${verb}`);
  }
}

/**
 * Returns a handler that serves the Kubernetes API and answers false for
 * paths outside it (so the caller can hand them to the Git fakes).
 */
export function createKubeApiHandler(ctx: KubeApiContext) {
  return async (
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<boolean> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const p = url.pathname.replace(/\/+$/, '') || '/';
    const segs = p.split('/').filter(Boolean).map(decodeURIComponent);
    const isKube =
      ['api', 'apis', 'openapi'].includes(segs[0]) || PUBLIC.has(p);
    if (!isKube) return false;
    const done = (_: void) => true;
    try {
      if (p === '/version')
        return done(sendJson(res, 200, discovery.VERSION_INFO));
      if (PUBLIC.has(p)) {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
        return true;
      }
      const allowed = authenticate(req, ctx.tokens);
      const json = (body: unknown) => {
        if (body === undefined)
          throw new KubeError(
            404,
            'NotFound',
            'the server could not find the requested resource',
          );
        sendJson(res, 200, body);
      };
      if (segs[0] === 'openapi') {
        if (segs[1] !== 'v3')
          throw new KubeError(
            404,
            'NotFound',
            'the server could not find the requested resource',
          );
        if (segs.length === 2)
          return done(json(discovery.openApiV3Index(ctx.registry)));
        const [group, version] =
          segs[2] === 'api' ? ['', segs[3]] : [segs[3], segs[4]];
        return done(
          json(discovery.openApiV3Document(ctx.registry, group, version)),
        );
      }
      if (segs[0] === 'api') {
        if (segs.length === 1)
          return done(
            json(discovery.apiVersions(req.headers.host ?? '127.0.0.1')),
          );
        if (segs.length === 2)
          return done(
            json(discovery.apiResourceList(ctx.registry, '', segs[1])),
          );
      }
      if (segs[0] === 'apis') {
        if (segs.length === 1)
          return done(json(discovery.apiGroupList(ctx.registry)));
        const gv = ctx.registry.groups().find(g => g.group === segs[1]);
        if (segs.length === 2)
          return done(json(gv && discovery.apiGroup(gv.group, gv.version)));
        if (segs.length === 3)
          return done(
            json(discovery.apiResourceList(ctx.registry, segs[1], segs[2])),
          );
      }
      const [group, version, rest] =
        segs[0] === 'api'
          ? ['', segs[1], segs.slice(2)]
          : [segs[1], segs[2], segs.slice(3)];
      const path = parseResourcePath(ctx.registry, group, version, rest);
      if (!path)
        throw new KubeError(
          404,
          'NotFound',
          'the server could not find the requested resource',
        );
      await serveResource(ctx, req, res, path, url.searchParams, allowed);
    } catch (e) {
      sendError(res, e);
    }
    return true;
  };
}
