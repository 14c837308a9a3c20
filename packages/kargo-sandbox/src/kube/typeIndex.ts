/**
 * The stored objects of one resource type, by namespace then name, with each
 * namespace's LIST order cached until that namespace changes: a LIST of one
 * namespace after a write elsewhere costs nothing, and one after a write to it
 * sorts only that namespace (a global scan per LIST made loading and reading
 * a 300,000-object fleet quadratic).
 */
import type { KubeObject } from './store';

export class TypeIndex {
  /** Namespace ('' for cluster-scoped types) -> name -> object. */
  private readonly namespaces = new Map<string, Map<string, KubeObject>>();
  /** Each namespace's objects sorted by name, until the namespace changes. */
  private readonly sorted = new Map<string, readonly KubeObject[]>();
  /** Every object in LIST order, until any namespace changes. */
  private everything?: readonly KubeObject[];

  get(namespace: string, name: string): KubeObject | undefined {
    return this.namespaces.get(namespace)?.get(name);
  }

  has(namespace: string, name: string): boolean {
    return this.namespaces.get(namespace)?.has(name) ?? false;
  }

  set(namespace: string, name: string, obj: KubeObject): void {
    let names = this.namespaces.get(namespace);
    if (!names) {
      names = new Map();
      this.namespaces.set(namespace, names);
    }
    names.set(name, obj);
    this.changed(namespace);
  }

  delete(namespace: string, name: string): boolean {
    const names = this.namespaces.get(namespace);
    if (!names?.delete(name)) return false;
    if (names.size === 0) this.namespaces.delete(namespace);
    this.changed(namespace);
    return true;
  }

  /**
   * One namespace's objects by name: the same order as LIST's namespace/name
   * key, as every key there shares the namespace prefix.
   */
  inNamespace(namespace: string): readonly KubeObject[] {
    let objects = this.sorted.get(namespace);
    if (!objects) {
      const names = this.namespaces.get(namespace);
      objects = names
        ? [...names.keys()].sort().map(name => names.get(name)!)
        : [];
      // Empty answers are not cached: asking about any name must not grow the cache.
      if (names) this.sorted.set(namespace, objects);
    }
    return objects;
  }

  /**
   * Every object in kube-apiserver's order (namespace/name). Namespaces are
   * ordered by `namespace + '/'`, not by name alone: "a-b/x" sorts before
   * "a/x" although "a" sorts before "a-b".
   */
  all(): readonly KubeObject[] {
    if (!this.everything) {
      // (sort() without a comparator orders by UTF-16 code units, as `<` does.)
      const prefixes = [...this.namespaces.keys()].map(ns => `${ns}/`).sort();
      this.everything = prefixes.flatMap(p => this.inNamespace(p.slice(0, -1)));
    }
    return this.everything;
  }

  private changed(namespace: string) {
    this.sorted.delete(namespace);
    this.everything = undefined;
  }
}
