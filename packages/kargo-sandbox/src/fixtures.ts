/**
 * Loads scenario YAML: Kubernetes objects as `kubectl get -o yaml` prints them
 * (status included) and `sandbox/v1` Git provider objects for the Git fakes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { GitFakeStore, isGitFixture } from './git';
import { isUserFixture, UserDirectory, userFromFixture } from './oidc/users';
import { deepCopy } from './kube/deepCopy';
import { KubeError } from './kube/errors';
import { PACKAGE_ROOT } from './paths';
import { ResourceRegistry } from './kube/resources';
import { KubeObject, ObjectStore } from './kube/store';
import { SchemaValidator } from './kube/validation';

/** The shipped demo scenarios. @public */
export const DEMO_FIXTURES_DIR = path.join(PACKAGE_ROOT, 'fixtures/demo');

/**
 * A large project (50 Stages) the demo CLI loads beside the demo scenarios;
 * kept apart so tests of the small scenarios stay small. @public
 */
export const LARGE_FIXTURES_DIR = path.join(PACKAGE_ROOT, 'fixtures/large');

export interface FixtureTargets {
  registry: ResourceRegistry;
  store: ObjectStore;
  validator: SchemaValidator;
  git: GitFakeStore;
  /** People who may sign in to the OpenID provider (kind OIDCUser). */
  users?: UserDirectory;
}

interface Doc {
  source: string;
  value: any;
}

/** Projects and namespaces first: everything else lives in them. */
function rank(doc: Doc): number {
  const kind = doc.value?.kind;
  if (kind === 'Namespace') return 0;
  if (kind === 'Project') return 1;
  return 2;
}

export function parseFixtureText(text: string, source: string): Doc[] {
  const docs: Doc[] = [];
  parseAllDocuments(text).forEach((d, i) => {
    if (d.errors.length) {
      throw new Error(`${source} (document ${i + 1}): ${d.errors[0].message}`);
    }
    const value = d.toJS();
    if (value === null || value === undefined) return;
    const items =
      value.kind === 'List' && Array.isArray(value.items)
        ? value.items
        : [value];
    items.forEach((item: unknown) =>
      docs.push({ source: `${source} (document ${i + 1})`, value: item }),
    );
  });
  return docs;
}

function ensureNamespace(
  t: FixtureTargets,
  name: string,
  projectLabel: boolean,
) {
  const nsType = t.registry.find('', 'v1', 'namespaces')!;
  // Asked for every namespaced object loaded: look before copying.
  if (!projectLabel && t.store.has(nsType, undefined, name)) return;
  const existing = t.store.get(nsType, undefined, name);
  if (existing) {
    if (
      projectLabel &&
      existing.metadata.labels?.['kargo.akuity.io/project'] !== 'true'
    ) {
      existing.metadata.labels = {
        ...existing.metadata.labels,
        'kargo.akuity.io/project': 'true',
      };
      t.store.update(nsType, existing);
    }
    return;
  }
  t.store.create(nsType, {
    apiVersion: 'v1',
    kind: 'Namespace',
    metadata: {
      name,
      ...(projectLabel
        ? { labels: { 'kargo.akuity.io/project': 'true' } }
        : {}),
    },
    spec: { finalizers: ['kubernetes'] },
    status: { phase: 'Active' },
  });
}

/** Stores one Kubernetes object as a fixture (status kept, schema enforced strictly). */
export function loadObject(
  t: FixtureTargets,
  value: any,
  source = 'object',
): KubeObject {
  const rt = t.registry.byKind(value?.apiVersion, value?.kind);
  if (!rt) {
    throw new Error(
      `${source}: the sandbox does not serve ${value?.apiVersion} ${value?.kind}`,
    );
  }
  const obj = deepCopy(value) as KubeObject;
  obj.metadata = obj.metadata ?? ({} as KubeObject['metadata']);
  delete obj.metadata.resourceVersion;
  if (rt.namespaced && !obj.metadata.namespace) {
    throw new Error(
      `${source}: ${rt.kind} "${obj.metadata.name}" needs metadata.namespace`,
    );
  }
  try {
    t.validator.validate(rt, obj, 'Strict');
  } catch (e) {
    const message = e instanceof KubeError ? e.message : String(e);
    throw new Error(`${source}: ${message}`);
  }
  if (rt.kind === 'Project') ensureNamespace(t, obj.metadata.name, true);
  if (rt.namespaced) ensureNamespace(t, obj.metadata.namespace!, false);
  if (
    rt.kind === 'Namespace' &&
    t.store.get(rt, undefined, obj.metadata.name)
  ) {
    return t.store.update(rt, obj);
  }
  return t.store.create(rt, obj);
}

/** Loads every document of a YAML text; Git provider objects go to the Git fakes. */
export function loadFixtureText(
  t: FixtureTargets,
  text: string,
  source = 'fixture',
): number {
  return loadDocs(t, parseFixtureText(text, source));
}

function loadDocs(t: FixtureTargets, docs: Doc[]): number {
  const sorted = [...docs].sort((a, b) => rank(a) - rank(b));
  for (const doc of sorted) {
    if (isUserFixture(doc.value)) {
      try {
        t.users?.add(userFromFixture(doc.value));
      } catch (e) {
        throw new Error(`${doc.source}: ${(e as Error).message}`);
      }
    } else if (isGitFixture(doc.value)) {
      try {
        t.git.addFromFixture(doc.value);
      } catch (e) {
        throw new Error(`${doc.source}: ${(e as Error).message}`);
      }
    } else {
      loadObject(t, doc.value, doc.source);
    }
  }
  return sorted.length;
}

/** Loads every `*.yaml` / `*.yml` file of a directory (not recursive). */
export function loadFixtureDir(t: FixtureTargets, dir: string): number {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) {
    throw new Error(`Fixture directory ${dir} does not exist`);
  }
  const files = fs
    .readdirSync(dir)
    .filter(f => /\.ya?ml$/.test(f))
    .sort();
  const docs = files.flatMap(f =>
    parseFixtureText(
      fs.readFileSync(path.join(dir, f), 'utf8'),
      path.join(dir, f),
    ),
  );
  return loadDocs(t, docs);
}
