/**
 * The resource types the sandbox serves: Kargo's from the CRD files shipped
 * in ../../crds, plus Argo Rollouts' analysis kinds and core namespaces, which
 * have no CRD here and are accepted as sent.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { PACKAGE_ROOT } from '../paths';

/** A printer column of a CRD (`additionalPrinterColumns`). */
export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  priority?: number;
}

/** One served resource type. @public */
export interface ResourceType {
  group: string;
  version: string;
  plural: string;
  singular: string;
  kind: string;
  listKind: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  /** Writes to the main resource keep the stored status (CRD status subresource). */
  statusSubresource: boolean;
  /** The CRD's openAPIV3Schema; absent for kinds accepted as sent. */
  schema?: Record<string, any>;
  printerColumns: PrinterColumn[];
}

export function apiVersionOf(rt: ResourceType): string {
  return rt.group ? `${rt.group}/${rt.version}` : rt.version;
}

/** Where the CRD copies live: packages/kargo-sandbox/crds. */
export const CRD_DIR = path.join(PACKAGE_ROOT, 'crds');

function fromCrd(crd: any): ResourceType[] {
  const spec = crd.spec;
  return (spec.versions ?? [])
    .filter((v: any) => v.served !== false)
    .map((v: any) => ({
      group: spec.group,
      version: v.name,
      plural: spec.names.plural,
      singular: spec.names.singular ?? spec.names.kind.toLowerCase(),
      kind: spec.names.kind,
      listKind: spec.names.listKind ?? `${spec.names.kind}List`,
      namespaced: spec.scope !== 'Cluster',
      shortNames: spec.names.shortNames ?? [],
      categories: spec.names.categories ?? [],
      statusSubresource: Boolean(v.subresources?.status),
      schema: v.schema?.openAPIV3Schema,
      printerColumns: v.additionalPrinterColumns ?? [],
    }));
}

const loaded = new Map<string, ResourceType[]>();

/**
 * Reads every CustomResourceDefinition document in the directory (once per
 * process: the files are large and never change while running).
 */
export function loadCrdResourceTypes(dir: string = CRD_DIR): ResourceType[] {
  const cached = loaded.get(dir);
  if (cached) return cached;
  const out: ResourceType[] = [];
  for (const file of fs
    .readdirSync(dir)
    .filter(f => f.endsWith('.yaml'))
    .sort()) {
    for (const doc of parseAllDocuments(
      fs.readFileSync(path.join(dir, file), 'utf8'),
    )) {
      const crd = doc.toJS();
      if (crd?.kind === 'CustomResourceDefinition') out.push(...fromCrd(crd));
    }
  }
  loaded.set(dir, out);
  return out;
}

function plain(
  group: string,
  kind: string,
  plural: string,
  namespaced: boolean,
  shortNames: string[] = [],
  version: string = group === '' ? 'v1' : 'v1alpha1',
): ResourceType {
  return {
    group,
    version,
    plural,
    singular: kind.toLowerCase(),
    kind,
    listKind: `${kind}List`,
    namespaced,
    shortNames,
    categories: [],
    statusSubresource: false,
    printerColumns: [],
  };
}

/** Argo Rollouts' analysis kinds: the sandbox has no CRD for them. */
const ROLLOUTS_TYPES: ResourceType[] = [
  {
    ...plain('argoproj.io', 'AnalysisRun', 'analysisruns', true, ['ar']),
    printerColumns: [
      { name: 'Status', type: 'string', jsonPath: '.status.phase' },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ],
  },
  plain('argoproj.io', 'AnalysisTemplate', 'analysistemplates', true, ['at']),
  plain(
    'argoproj.io',
    'ClusterAnalysisTemplate',
    'clusteranalysistemplates',
    false,
    ['cat'],
  ),
];

/**
 * The kinds Kargo's API server reads to authorize a person: ServiceAccounts
 * (mapped to OIDC claims by annotations) and Kubernetes RBAC.
 */
const RBAC = 'rbac.authorization.k8s.io';
const ACCESS_TYPES: ResourceType[] = [
  plain('', 'ServiceAccount', 'serviceaccounts', true, ['sa']),
  plain(RBAC, 'Role', 'roles', true, [], 'v1'),
  plain(RBAC, 'RoleBinding', 'rolebindings', true, [], 'v1'),
  plain(RBAC, 'ClusterRole', 'clusterroles', false, [], 'v1'),
  plain(RBAC, 'ClusterRoleBinding', 'clusterrolebindings', false, [], 'v1'),
];

/** The registry of everything served, looked up by group/version/plural. */
export class ResourceRegistry {
  readonly types: ResourceType[];

  constructor(crdTypes: ResourceType[]) {
    const kargoKinds = new Set(crdTypes.map(t => `${t.group}/${t.plural}`));
    const extra: ResourceType[] = [];
    // ProjectConfig is part of Kargo 1.x but not among the shipped CRD files.
    if (!kargoKinds.has('kargo.akuity.io/projectconfigs')) {
      extra.push(
        plain('kargo.akuity.io', 'ProjectConfig', 'projectconfigs', true),
      );
    }
    // So is ClusterConfig (one, named `cluster`), with cluster-wide links.
    if (!kargoKinds.has('kargo.akuity.io/clusterconfigs')) {
      extra.push(
        plain('kargo.akuity.io', 'ClusterConfig', 'clusterconfigs', false),
      );
    }
    this.types = [
      plain('', 'Namespace', 'namespaces', false, ['ns']),
      ...crdTypes,
      ...extra,
      ...ROLLOUTS_TYPES,
      ...ACCESS_TYPES,
    ];
  }

  find(
    group: string,
    version: string,
    plural: string,
  ): ResourceType | undefined {
    return this.types.find(
      t => t.group === group && t.version === version && t.plural === plural,
    );
  }

  byKind(apiVersion: string, kind: string): ResourceType | undefined {
    return this.types.find(
      t => apiVersionOf(t) === apiVersion && t.kind === kind,
    );
  }

  groups(): Array<{ group: string; version: string }> {
    const seen = new Map<string, { group: string; version: string }>();
    for (const t of this.types) {
      if (t.group)
        seen.set(`${t.group}/${t.version}`, {
          group: t.group,
          version: t.version,
        });
    }
    return [...seen.values()];
  }

  inGroupVersion(group: string, version: string): ResourceType[] {
    return this.types.filter(t => t.group === group && t.version === version);
  }
}
