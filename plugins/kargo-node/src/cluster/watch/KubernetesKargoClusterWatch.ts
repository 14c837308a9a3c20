import type { KubeConfig } from '@kubernetes/client-node';
import type { KubeObject } from '@kargo-backstage/plugin-kargo-common';
import type {
  KargoClusterWatch,
  KargoWatchKind,
  KargoWatchOptions,
} from '../../types';
import { isForbidden, translateKubeError } from '../errors';
import { DEFAULT_BACKOFF } from './backoff';
import { KindInformer, type ListedKind } from './KindInformer';
import { ObjectCompactor } from './compactObject';

/** Where each kind lives: API group/version, cluster-wide. */
export const WATCHED_KINDS: Record<
  KargoWatchKind,
  { group: string; version: string }
> = {
  projects: { group: 'kargo.akuity.io', version: 'v1alpha1' },
  stages: { group: 'kargo.akuity.io', version: 'v1alpha1' },
  promotions: { group: 'kargo.akuity.io', version: 'v1alpha1' },
  freights: { group: 'kargo.akuity.io', version: 'v1alpha1' },
  analysisruns: { group: 'argoproj.io', version: 'v1alpha1' },
};

const KINDS = Object.keys(WATCHED_KINDS) as KargoWatchKind[];
const keyOf = (o: KubeObject) =>
  `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
/**
 * Within its namespace's map, an object is found by its name: the string it
 * holds already (a `namespace/name` key was ~100 bytes more per object).
 */
const nameOf = (o: KubeObject) => `${o.metadata?.name ?? ''}`;
/** A stream: a kind cluster-wide (`stages`) or in one namespace (`stages@checkout`). */
const streamOf = (kind: KargoWatchKind, namespace?: string) =>
  namespace === undefined ? kind : `${kind}@${namespace}`;

/**
 * The objects of one kind as last seen, by namespace: a project's list costs
 * its own objects (filtering the whole cluster's for each of hundreds of
 * projects made the first sync quadratic in the fleet).
 */
class KindObjects {
  private readonly byNamespace = new Map<string, Map<string, KubeObject>>();

  get(object: KubeObject): KubeObject | undefined {
    return this.byNamespace
      .get(object.metadata?.namespace ?? '')
      ?.get(nameOf(object));
  }

  set(object: KubeObject) {
    const namespace = object.metadata?.namespace ?? '';
    let objects = this.byNamespace.get(namespace);
    if (!objects) this.byNamespace.set(namespace, (objects = new Map()));
    objects.set(nameOf(object), object);
  }

  delete(object: KubeObject) {
    const namespace = object.metadata?.namespace ?? '';
    const objects = this.byNamespace.get(namespace);
    objects?.delete(nameOf(object));
    if (objects?.size === 0) this.byNamespace.delete(namespace);
  }

  list(namespace?: string): KubeObject[] {
    if (namespace !== undefined)
      return [...(this.byNamespace.get(namespace)?.values() ?? [])];
    return [...this.byNamespace.values()].flatMap(objects => [
      ...objects.values(),
    ]);
  }
}

interface KubernetesKargoClusterWatchOptions extends KargoWatchOptions {
  instance: string;
  kubeConfig: KubeConfig;
  /** Every page of a LIST of the kind (cluster-wide, or in one namespace), and its resourceVersion. */
  list(
    kind: KargoWatchKind,
    select?: (o: KubeObject) => KubeObject,
    namespace?: string,
  ): Promise<ListedKind>;
}

/**
 * One LIST + WATCH stream per Kargo kind for the whole cluster (O(kinds), not
 * O(projects)): callers filter by project namespace. When the cluster forbids
 * a namespaced kind's cluster-wide LIST (403: a Role per project namespace
 * instead of the ClusterRole), that kind falls back to one stream per Kargo
 * project namespace, following the projects as they come and go (a
 * namespace stream's failure is reported as its project's, never as the
 * instance's: some namespaces may be left unbound on purpose). Keeps the
 * objects as last seen and reports each change once (a relist reports only
 * what differs from what was held, deletions included).
 */
export class KubernetesKargoClusterWatch implements KargoClusterWatch {
  private readonly objects = new Map<KargoWatchKind, KindObjects>(
    KINDS.map(kind => [kind, new KindObjects()]),
  );
  private readonly informers = new Map<string, KindInformer>();
  /** Errors of the cluster-wide streams, by kind: the instance's. */
  private readonly errors = new Map<string, Error>();
  /** Errors of the namespace streams, by namespace then stream: each project's own. */
  private readonly namespaceErrors = new Map<string, Map<string, Error>>();
  /** Kinds watched per project namespace, after a 403 on their cluster-wide LIST. */
  private readonly perNamespace = new Set<KargoWatchKind>();
  private readonly fallbacks: Promise<void>[] = [];
  private readonly compactor: ObjectCompactor;
  private stopped = false;

  constructor(private readonly options: KubernetesKargoClusterWatchOptions) {
    this.compactor = new ObjectCompactor(undefined, options.interner);
    for (const kind of KINDS) this.informers.set(kind, this.informerOf(kind));
  }

  private informerOf(kind: KargoWatchKind, namespace?: string): KindInformer {
    const { group, version } = WATCHED_KINDS[kind];
    // The watch holds every object of the fleet: only what the derivation
    // reads is kept, each page reduced as it arrives.
    const select = (object: KubeObject) => this.compactor.compact(kind, object);
    const where = namespace === undefined ? '' : `/namespaces/${namespace}`;
    return new KindInformer({
      kubeConfig: this.options.kubeConfig,
      path: `/apis/${group}/${version}${where}/${kind}`,
      list: () => this.options.list(kind, select, namespace),
      select,
      timeoutSeconds: this.options.timeoutSeconds ?? 300,
      backoff: this.options.backoff ?? DEFAULT_BACKOFF,
      onListed: items => this.replace(kind, items, namespace),
      onUpsert: object => this.upsert(kind, object),
      onDelete: object => this.remove(kind, object),
      onHealth: error =>
        namespace === undefined
          ? this.health(kind, error)
          : this.namespaceHealth(kind, namespace, error),
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    await Promise.all([...this.informers.values()].map(i => i.start()));
    // Kinds that fell back start their namespace streams meanwhile.
    while (this.fallbacks.length) await Promise.all(this.fallbacks.splice(0));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.all([...this.informers.values()].map(i => i.stop()));
  }

  async resync(): Promise<void> {
    await Promise.all([...this.informers.values()].map(i => i.relist()));
  }

  list<T extends KubeObject = KubeObject>(
    kind: KargoWatchKind,
    namespace?: string,
  ): T[] {
    return (this.objects.get(kind)?.list(namespace) ?? []) as T[];
  }

  private upsert(kind: KargoWatchKind, object: KubeObject) {
    const objects = this.objects.get(kind)!;
    const previous = objects.get(object);
    // ListWatch reports the items of each LIST again: only changes count.
    if (
      previous &&
      previous.metadata?.resourceVersion === object.metadata?.resourceVersion
    )
      return;
    objects.set(object);
    if (kind === 'projects' && !previous)
      this.followProject(object.metadata?.name, true);
    this.options.onEvent({ kind, type: 'upsert', object, previous });
  }

  private remove(kind: KargoWatchKind, object: KubeObject) {
    const objects = this.objects.get(kind)!;
    const previous = objects.get(object);
    if (!previous) return;
    objects.delete(object);
    if (kind === 'projects') this.followProject(previous.metadata?.name, false);
    this.options.onEvent({ kind, type: 'delete', object: previous, previous });
  }

  /** A complete LIST (of one namespace when given): what is held but not listed was deleted meanwhile. */
  private replace(
    kind: KargoWatchKind,
    items: KubeObject[],
    namespace?: string,
  ) {
    const listed = new Set(items.map(keyOf));
    for (const object of this.objects.get(kind)!.list(namespace)) {
      if (!listed.has(keyOf(object))) this.remove(kind, object);
    }
    for (const item of items) this.upsert(kind, item);
  }

  /** A cluster-wide stream's health: the instance's. */
  private health(kind: KargoWatchKind, error: Error | null) {
    if (error && kind !== 'projects' && isForbidden(error)) {
      this.fallBack(kind);
      return;
    }
    if (error) {
      this.errors.set(
        kind,
        translateKubeError(error, {
          instance: this.options.instance,
          verb: 'watch',
          resource: kind,
        }),
      );
    } else {
      this.errors.delete(kind);
    }
    this.reportHealth();
  }

  private reportHealth() {
    const first = this.errors.values().next().value;
    this.options.onHealth?.(first ?? null);
  }

  /**
   * A namespace stream's health: that project's alone, never the instance's
   * (Narrower RBAC leaves some project namespaces unbound on purpose, and
   * their names are not for the readers of the others).
   */
  private namespaceHealth(
    kind: KargoWatchKind,
    namespace: string,
    error: Error | null,
  ) {
    this.setNamespaceError(
      namespace,
      streamOf(kind, namespace),
      error &&
        translateKubeError(error, {
          instance: this.options.instance,
          verb: 'watch',
          resource: kind,
          namespace,
        }),
    );
  }

  /** Records one namespace stream's error (or its end); reports the namespace's first error when it changed. */
  private setNamespaceError(
    namespace: string,
    stream: string,
    error: Error | null,
  ) {
    let errors = this.namespaceErrors.get(namespace);
    const before = errors?.values().next().value;
    if (error) {
      if (!errors) this.namespaceErrors.set(namespace, (errors = new Map()));
      errors.set(stream, error);
    } else {
      errors?.delete(stream);
      if (errors?.size === 0) this.namespaceErrors.delete(namespace);
    }
    const after = errors?.values().next().value;
    if (before?.message === after?.message) return;
    this.options.onNamespaceHealth?.(namespace, after ?? null);
  }

  /** The cluster-wide LIST of a namespaced kind was forbidden: one stream per project namespace. */
  private fallBack(kind: KargoWatchKind) {
    const cluster = this.informers.get(kind);
    this.informers.delete(kind);
    this.perNamespace.add(kind);
    if (this.errors.delete(kind)) this.reportHealth();
    const started = [cluster?.stop()];
    for (const project of this.objects.get('projects')!.list()) {
      started.push(this.startStream(kind, project.metadata?.name));
    }
    this.fallbacks.push(Promise.all(started).then(() => undefined));
  }

  /** Starts or stops the namespace streams of the kinds that fell back, as a project comes or goes. */
  private followProject(namespace: string | undefined, present: boolean) {
    if (!namespace) return;
    for (const kind of this.perNamespace) {
      const stream = streamOf(kind, namespace);
      if (present) {
        this.fallbacks.push(this.startStream(kind, namespace));
      } else {
        this.informers
          .get(stream)
          ?.stop()
          .catch(() => undefined);
        this.informers.delete(stream);
        this.setNamespaceError(namespace, stream, null);
        this.replace(kind, [], namespace);
      }
    }
  }

  private async startStream(
    kind: KargoWatchKind,
    namespace: string | undefined,
  ): Promise<void> {
    const stream = streamOf(kind, namespace);
    if (!namespace || this.stopped || this.informers.has(stream)) return;
    const informer = this.informerOf(kind, namespace);
    this.informers.set(stream, informer);
    await informer.start();
  }
}
