/**
 * The in-memory object store: one global resourceVersion counter (as etcd's
 * revision), an event log that watches replay from, and in-process listeners
 * (the simulated controller).
 */
import { randomUUID } from 'node:crypto';
import { alreadyExists, conflict, notFound } from './errors';
import { ResourceType, apiVersionOf } from './resources';

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

const clone = <T>(v: T): T => structuredClone(v);

function keyOf(rt: ResourceType, namespace: string | undefined, name: string) {
  return `${rt.group}/${rt.plural}|${
    rt.namespaced ? namespace ?? '' : ''
  }|${name}`;
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
  private readonly objects = new Map<string, KubeObject>();
  private readonly log: StoreEvent[] = [];
  private readonly listeners = new Set<(e: StoreEvent) => void>();
  /** peek's answers, valid while the revision is unchanged. */
  private readonly peeked = new Map<string, { rv: number; objects: readonly KubeObject[] }>();
  /**
   * The wire form of each stored object. Stored objects are never modified in
   * place (every write stores a new copy), so an entry can never be stale; a
   * replaced object's entry goes with it. A kube-apiserver caches serialised
   * objects the same way; serialising 70 MB of LIST pages per refresh was the
   * sandbox's largest cost in the benchmark.
   */
  private readonly serialized = new WeakMap<KubeObject, string>();

  constructor(private readonly maxLog = 5000) {}

  /** The newest resourceVersion, as a string like every rv on the wire. */
  currentRv(): string {
    return String(this.revision);
  }

  get(
    rt: ResourceType,
    namespace: string | undefined,
    name: string,
  ): KubeObject | undefined {
    const o = this.objects.get(keyOf(rt, namespace, name));
    return o && clone(o);
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
    const prefix = `${rt.group}/${rt.plural}|${
      namespace !== undefined && rt.namespaced ? `${namespace}|` : ''
    }`;
    const known = this.peeked.get(prefix);
    if (known?.rv === this.revision) return known.objects;
    // In kube-apiserver's order (its etcd keys): namespace/name.
    const objects = [...this.objects.entries()]
      .filter(([k]) => k.startsWith(prefix))
      .map(([, o]) => [listOrderKey(o), o] as const)
      .sort(([a], [b]) => (a < b ? -1 : Number(a > b)))
      .map(([, o]) => o);
    this.peeked.set(prefix, { rv: this.revision, objects });
    return objects;
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
    const key = keyOf(rt, input.metadata.namespace, input.metadata.name);
    if (this.objects.has(key)) {
      throw alreadyExists(rt.plural, rt.group, input.metadata.name);
    }
    const obj = clone(input);
    obj.apiVersion = apiVersionOf(rt);
    obj.kind = rt.kind;
    if (!rt.namespaced) delete obj.metadata.namespace;
    obj.metadata.uid ??= randomUUID();
    obj.metadata.creationTimestamp ??= new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z');
    obj.metadata.generation ??= 1;
    return this.commit('ADDED', rt, key, obj);
  }

  /**
   * Replaces an object. A metadata.resourceVersion on the input must match the
   * stored one (optimistic concurrency), as for kube-apiserver's PUT.
   */
  update(rt: ResourceType, input: KubeObject): KubeObject {
    const key = keyOf(rt, input.metadata.namespace, input.metadata.name);
    const old = this.objects.get(key);
    if (!old) throw notFound(rt.plural, rt.group, input.metadata.name);
    const sentRv = input.metadata.resourceVersion;
    if (sentRv && sentRv !== old.metadata.resourceVersion) {
      throw conflict(rt.plural, rt.group, input.metadata.name);
    }
    const obj = clone(input);
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
    return this.commit('MODIFIED', rt, key, obj, old);
  }

  delete(
    rt: ResourceType,
    namespace: string | undefined,
    name: string,
  ): KubeObject {
    const key = keyOf(rt, namespace, name);
    const old = this.objects.get(key);
    if (!old) throw notFound(rt.plural, rt.group, name);
    this.objects.delete(key);
    const gone = clone(old);
    this.revision++;
    gone.metadata.resourceVersion = String(this.revision);
    this.record({ type: 'DELETED', rt, object: gone, old, rv: this.revision });
    return clone(gone);
  }

  /**
   * Events after `rv`, or 'expired' when the log no longer reaches back that
   * far (the caller answers 410 Gone).
   */
  eventsSince(rv: number): StoreEvent[] | 'expired' {
    const oldest = this.log[0]?.rv ?? this.revision + 1;
    if (rv < oldest - 1 && rv < this.revision) return 'expired';
    return this.log.filter(e => e.rv > rv);
  }

  subscribe(listener: (e: StoreEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private commit(
    type: WatchEventType,
    rt: ResourceType,
    key: string,
    obj: KubeObject,
    old?: KubeObject,
  ): KubeObject {
    this.revision++;
    obj.metadata.resourceVersion = String(this.revision);
    this.objects.set(key, obj);
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
    this.log.push(e);
    if (this.log.length > this.maxLog)
      this.log.splice(0, this.log.length - this.maxLog);
    for (const l of this.listeners) {
      try {
        l(e);
      } catch {
        // A failing listener must not break the write that triggered it.
      }
    }
  }
}
