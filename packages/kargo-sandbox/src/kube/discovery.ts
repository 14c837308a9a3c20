/**
 * Discovery (/api, /apis, /apis/<group>/<version>, /version) and OpenAPI v3
 * (/openapi/v3, what `kubectl explain` reads), built from the registry.
 */
import { createHash } from 'node:crypto';
import { ResourceRegistry, ResourceType, apiVersionOf } from './resources';

const ALL_VERBS = [
  'create',
  'delete',
  'get',
  'list',
  'patch',
  'update',
  'watch',
];

export const VERSION_INFO = {
  major: '1',
  minor: '32',
  gitVersion: 'v1.32.0-kargo-sandbox',
  gitCommit: '0000000000000000000000000000000000000000',
  gitTreeState: 'clean',
  buildDate: '2026-01-01T00:00:00Z',
  goVersion: 'go1.23.0',
  compiler: 'gc',
  platform: 'linux/amd64',
};

export function apiVersions(serverAddress: string) {
  return {
    kind: 'APIVersions',
    versions: ['v1'],
    serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }],
  };
}

export function apiGroupList(registry: ResourceRegistry) {
  return {
    kind: 'APIGroupList',
    apiVersion: 'v1',
    groups: registry
      .groups()
      .map(({ group, version }) => apiGroup(group, version)),
  };
}

export function apiGroup(group: string, version: string) {
  const gv = { groupVersion: `${group}/${version}`, version };
  return {
    kind: 'APIGroup',
    apiVersion: 'v1',
    name: group,
    versions: [gv],
    preferredVersion: gv,
  };
}

function resourceEntries(rt: ResourceType) {
  const main = {
    name: rt.plural,
    singularName: rt.singular,
    namespaced: rt.namespaced,
    kind: rt.kind,
    verbs: ALL_VERBS,
    ...(rt.shortNames.length ? { shortNames: rt.shortNames } : {}),
    ...(rt.categories.length ? { categories: rt.categories } : {}),
    storageVersionHash: createHash('sha256')
      .update(apiVersionOf(rt) + rt.kind)
      .digest('base64')
      .slice(0, 11),
  };
  if (!rt.statusSubresource) return [main];
  return [
    main,
    {
      name: `${rt.plural}/status`,
      singularName: '',
      namespaced: rt.namespaced,
      kind: rt.kind,
      verbs: ['get', 'patch', 'update'],
    },
  ];
}

export function apiResourceList(
  registry: ResourceRegistry,
  group: string,
  version: string,
) {
  const types = registry.inGroupVersion(group, version);
  if (types.length === 0) return undefined;
  return {
    kind: 'APIResourceList',
    apiVersion: 'v1',
    groupVersion: group ? `${group}/${version}` : version,
    resources: types.flatMap(resourceEntries),
  };
}

/** `kargo.akuity.io` -> `io.akuity.kargo`, as kube-apiserver names CRD models. */
function modelName(rt: ResourceType): string {
  if (!rt.group) return `io.k8s.api.core.${rt.version}.${rt.kind}`;
  return `${rt.group.split('.').reverse().join('.')}.${rt.version}.${rt.kind}`;
}

function openSchema(rt: ResourceType): Record<string, unknown> {
  return {
    type: 'object',
    description: `${rt.kind} (served by the Kargo sandbox without a published schema)`,
    properties: {
      apiVersion: { type: 'string' },
      kind: { type: 'string' },
      metadata: { type: 'object' },
      spec: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
      status: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true },
    },
  };
}

function gvPath(group: string, version: string) {
  return group ? `apis/${group}/${version}` : `api/${version}`;
}

export function openApiV3Document(
  registry: ResourceRegistry,
  group: string,
  version: string,
) {
  const types = registry.inGroupVersion(group, version);
  if (types.length === 0) return undefined;
  const schemas: Record<string, unknown> = {};
  const paths: Record<string, unknown> = {};
  for (const rt of types) {
    const name = modelName(rt);
    schemas[name] = {
      ...(rt.schema ?? openSchema(rt)),
      'x-kubernetes-group-version-kind': [
        { group: rt.group, kind: rt.kind, version: rt.version },
      ],
    };
    const ref = { $ref: `#/components/schemas/${name}` };
    const base = `/${gvPath(group, version)}${
      rt.namespaced ? '/namespaces/{namespace}' : ''
    }/${rt.plural}`;
    const ok = {
      '200': {
        description: 'OK',
        content: { 'application/json': { schema: ref } },
      },
    };
    // kubectl explain finds the kind through the GVK on a path's operation.
    const gvk = { group: rt.group, kind: rt.kind, version: rt.version };
    paths[base] = {
      get: {
        operationId: `list${rt.kind}`,
        responses: ok,
        'x-kubernetes-group-version-kind': gvk,
      },
    };
    paths[`${base}/{name}`] = {
      get: {
        operationId: `read${rt.kind}`,
        responses: ok,
        'x-kubernetes-group-version-kind': gvk,
      },
    };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: VERSION_INFO.gitVersion },
    paths,
    components: { schemas },
  };
}

export function openApiV3Index(registry: ResourceRegistry) {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  const gvs = [{ group: '', version: 'v1' }, ...registry.groups()];
  for (const { group, version } of gvs) {
    const doc = openApiV3Document(registry, group, version);
    const hash = createHash('sha512')
      .update(JSON.stringify(doc))
      .digest('hex')
      .slice(0, 128);
    const p = gvPath(group, version);
    paths[p] = {
      serverRelativeURL: `/openapi/v3/${p}?hash=${hash.toUpperCase()}`,
    };
  }
  return { paths };
}
