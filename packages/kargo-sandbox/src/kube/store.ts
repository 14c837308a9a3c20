/**
 * The in-memory object store: one global resourceVersion counter (as etcd's
 * revision), an event log that watches replay from, and in-process listeners
 * (the simulated controller).
 */
import { randomUUID } from 'node:crypto';
import { deepCopy } from './deepCopy';
import { EventLog } from './eventLog';
import { alreadyExists, conflict, notFound } from './errors';
import { ResourceType, apiVersionOf } from './resources';
import { TypeIndex } from './typeIndex';

/** A Kubernetes object as stored and served. @public */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    generation?: number;
    creationTimestamp?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    [key: string]: unknown;
  };
  [key: string]: any;
}

/** @public */
export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** A change to the store. @public */
export interface StoreEvent {
  type: WatchEventType;
  rt: ResourceType;
  object: KubeObject;
  /** The object before a MODIFIED or DELETED. */
  old?: KubeObject;
  rv: number;
}

const clone = deepCopy;

/** The namespace an object of `rt` is indexed under: '' when cluster-scoped. */
function namespaceOf(rt: ResourceType, namespace: string | undefined): string {
  return rt.namespaced ? namespace ?? '' : '';
}

/** Where an object sorts in a LIST, and what a continue token names: namespace/name. */
export function listOrderKey(o: KubeObject): string {
  return `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
}

/** Everything but metadata and status: what bumps metadata.generation. */
function specOf(obj: KubeObject): string {
  const { metadata: _m, status: _s, ...rest } = obj;
  return JSON.stringify(rest);
}

/** @public */
export class ObjectStore {
  private revision = 1000;
  /** Per type (group/plural): objects by namespace and name. */
  private readonly types = new Map<string, TypeIndex>();
  private readonly log: EventLog;
  private readonly listeners = new Set<(e: StoreEvent) => void>();
  /** Inside bulkLoad: writes keep their input and record no events. */
  private bulk = false;
  /**
   * The wire form of each stored object. Stored objects are never modified in
   * place (every write stores a new copy), so an entry can never be stale; a
   * replaced object's entry goes with it. A kube-apiserver caches serialised
   * objects the same way; serialising 70 MB of LIST pages per refresh was the
   * sandbox's largest cost in the benchmark.
   */
  private readonly serialized = new WeakMap<KubeObject, string>();

  constructor(maxLog = 5000) {
    this.log = new EventLog(maxLog, this.revision);
  }

  /** The newest resourceVersion, as a string like every rv on the wire. */
  currentRv(): string {
    return String(this.revision);
  }

  get(
    rt: ResourceType,
    namespace: string | undefined,
    name: string,
  ): KubeObject | undefined {
    const o = this.indexOf(rt).get(namespaceOf(rt, namespace), name);
    return o && clone(o);
  }

  /** Whether the object exists: get without the copy. */
  has(rt: ResourceType, namespace: string | undefined, name: string): boolean {
    return this.indexOf(rt).has(namespaceOf(rt, namespace), name);
  }

  /** Objects of a type (of one namespace when given), sorted by namespace/name. */
  list(rt: ResourceType, namespace?: string): KubeObject[] {
    return this.peek(rt, namespace).map(clone);
  }

  /**
   * Like list, without the copies: the stored objects themselves, for a
   * caller that filters and paginates first and copies only what it returns
   * (cloning a whole namespace per LIST page was most of a LIST's cost).
   * Never modify or keep them.
   */
  peek(rt: ResourceType, namespace?: string): readonly KubeObject[] {
    // In kube-apiserver's order (its etcd keys): namespace/name.
    const index = this.indexOf(rt);
    return namespace !== undefined && rt.namespaced
      ? index.inNamespace(namespace)
      : index.all();
  }

  /** JSON of an object peek returned, serialised once per stored version. */
  jsonOf(stored: KubeObject): string {
    let text = this.serialized.get(stored);
    if (text === undefined) {
      text = JSON.stringify(stored);
      this.serialized.set(stored, text);
    }
    return text;
  }

  create(rt: ResourceType, input: KubeObject): KubeObject {
    const ns = namespaceOf(rt, input.metadata.namespace);
    if (this.indexOf(rt).has(ns, input.metadata.name)) {
      throw alreadyExists(rt.plural, rt.group, input.metadata.name);
    }
    const obj = this.bulk ? input : clone(input);
    obj.apiVersion = apiVersionOf(rt);
    obj.kind = rt.kind;
    if (!rt.namespaced) delete obj.metadata.namespace;
    obj.metadata.uid ??= randomUUID();
    obj.metadata.creationTimestamp ??= new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z');
    obj.metadata.generation ??= 1;
    return this.commit('ADDED', rt, obj);
  }

  /**
   * Replaces an object. A metadata.resourceVersion on the input must match the
   * stored one (optimistic concurrency), as for kube-apiserver's PUT.
   */
  update(rt: ResourceType, input: KubeObject): KubeObject {
    const ns = namespaceOf(rt, input.metadata.namespace);
    const old = this.indexOf(rt).get(ns, input.metadata.name);
    if (!old) throw notFound(rt.plural, rt.group, input.metadata.name);
    const sentRv = input.metadata.resourceVersion;
    if (sentRv && sentRv !== old.metadata.resourceVersion) {
      throw conflict(rt.plural, rt.group, input.metadata.name);
    }
    const obj = this.bulk ? input : clone(input);
    obj.apiVersion = apiVersionOf(rt);
    obj.kind = rt.kind;
    if (!rt.namespaced) delete obj.metadata.namespace;
    // Immutable server-owned metadata.
    obj.metadata.uid = old.metadata.uid;
    obj.metadata.creationTimestamp = old.metadata.creationTimestamp;
    obj.metadata.generation =
      (old.metadata.generation ?? 1) + (specOf(obj) === specOf(old) ? 0 : 1);
    if (
      JSON.stringify({
        ...obj,
        metadata: { ...obj.metadata, resourceVersion: '' },
      }) ===
      JSON.stringify({
        ...old,
        metadata: { ...old.metadata, resourceVersion: '' },
      })
    ) {
      // A no-op write keeps the resourceVersion and emits no event, as etcd.
      return clone(old);
    }
    return this.commit('MODIFIED', rt, obj, old);
  }

  delete(
    rt: ResourceType,
    namespace: string | undefined,
    name: string,
  ): KubeObject {
    const index = this.indexOf(rt);
    const ns = namespaceOf(rt, namespace);
    const old = index.get(ns, name);
    if (!old) throw notFound(rt.plural, rt.group, name);
    index.delete(ns, name);
    const gone = clone(old);
    this.revision++;
    gone.metadata.resourceVersion = String(this.revision);
    if (!this.bulk)
      this.record({ type: 'DELETED', rt, object: gone, old, rv: this.revision });
    return clone(gone);
  }

  /**
   * Events after `rv`, or 'expired' when the log no longer reaches back that
   * far (the caller answers 410 Gone).
   */
  eventsSince(rv: number): StoreEvent[] | 'expired' {
    return this.log.since(rv);
  }

  /**
   * Runs `load` (creates and updates, e.g. loading a fleet of fixtures) as a
   * bulk load, as restoring etcd from a backup would: each write stores the
   * object it is given, without a copy (hand over objects nobody keeps;
   * create and update return the stored object itself), and gets its
   * resourceVersion, but records no watch event and calls no listener.
   * Afterwards history starts at the new revision, as after an etcd
   * compaction: a watch from before the load gets 410 Expired and relists.
   */
  bulkLoad<T>(load: () => T): T {
    if (this.bulk) return load();
    this.bulk = true;
    try {
      return load();
    } finally {
      this.bulk = false;
      this.log.compact(this.revision);
    }
  }

  subscribe(listener: (e: StoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private indexOf(rt: ResourceType): TypeIndex {
    const key = `${rt.group}/${rt.plural}`;
    let index = this.types.get(key);
    if (!index) {
      index = new TypeIndex();
      this.types.set(key, index);
    }
    return index;
  }

  private commit(
    type: WatchEventType,
    rt: ResourceType,
    obj: KubeObject,
    old?: KubeObject,
  ): KubeObject {
    this.revision++;
    obj.metadata.resourceVersion = String(this.revision);
    this.indexOf(rt).set(namespaceOf(rt, obj.metadata.namespace), obj.metadata.name, obj);
    if (this.bulk) return obj;
    this.record({
      type,
      rt,
      object: clone(obj),
      old: old && clone(old),
      rv: this.revision,
    });
    return clone(obj);
  }

  private record(e: StoreEvent) {
    this.log.record(e);
    for (const l of this.listeners) {
      try {
        l(e);
      } catch {
        // A failing listener must not break the write that triggered it.
      }
    }
  }
}
