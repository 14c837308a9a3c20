import type { KubeConfig } from '@kubernetes/client-node';
import { slimAnalysisRun, type KubeObject } from '@kargo-backstage/plugin-kargo-common';
import type { KargoClusterWatch, KargoWatchKind, KargoWatchOptions } from '../../types';
import { translateKubeError } from '../errors';
import { DEFAULT_BACKOFF } from './backoff';
import { KindInformer, type ListedKind } from './KindInformer';

/** Where each kind lives: API group/version, cluster-wide. */
export const WATCHED_KINDS: Record<KargoWatchKind, { group: string; version: string }> = {
  projects: { group: 'kargo.akuity.io', version: 'v1alpha1' },
  stages: { group: 'kargo.akuity.io', version: 'v1alpha1' },
  promotions: { group: 'kargo.akuity.io', version: 'v1alpha1' },
  freights: { group: 'kargo.akuity.io', version: 'v1alpha1' },
  analysisruns: { group: 'argoproj.io', version: 'v1alpha1' },
};

const keyOf = (o: KubeObject) => `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;

/**
 * The objects of one kind as last seen, by namespace: a project's list costs
 * its own objects (filtering the whole cluster's for each of hundreds of
 * projects made the first sync quadratic in the fleet).
 */
class KindObjects {
  private readonly byNamespace = new Map<string, Map<string, KubeObject>>();

  get(object: KubeObject): KubeObject | undefined {
    return this.byNamespace.get(object.metadata?.namespace ?? '')?.get(keyOf(object));
  }

  set(object: KubeObject) {
    const namespace = object.metadata?.namespace ?? '';
    let objects = this.byNamespace.get(namespace);
    if (!objects) this.byNamespace.set(namespace, (objects = new Map()));
    objects.set(keyOf(object), object);
  }

  delete(object: KubeObject) {
    const namespace = object.metadata?.namespace ?? '';
    const objects = this.byNamespace.get(namespace);
    objects?.delete(keyOf(object));
    if (objects?.size === 0) this.byNamespace.delete(namespace);
  }

  list(namespace?: string): KubeObject[] {
    if (namespace !== undefined) return [...(this.byNamespace.get(namespace)?.values() ?? [])];
    return [...this.byNamespace.values()].flatMap(objects => [...objects.values()]);
  }
}

export interface KubernetesKargoClusterWatchOptions extends KargoWatchOptions {
  instance: string;
  kubeConfig: KubeConfig;
  /** Every page of a cluster-wide LIST of the kind, and its resourceVersion. */
  list(kind: KargoWatchKind, select?: (o: KubeObject) => KubeObject): Promise<ListedKind>;
}

/**
 * One LIST + WATCH stream per Kargo kind for the whole cluster (O(kinds), not
 * O(projects)): callers filter by project namespace. Keeps the objects as
 * last seen and reports each change once (a relist reports only what
 * differs from what was held, deletions included).
 */
export class KubernetesKargoClusterWatch implements KargoClusterWatch {
  private readonly objects = new Map<KargoWatchKind, KindObjects>();
  private readonly informers: Map<KargoWatchKind, KindInformer>;
  private readonly errors = new Map<KargoWatchKind, Error>();

  constructor(private readonly options: KubernetesKargoClusterWatchOptions) {
    this.informers = new Map(
      (Object.keys(WATCHED_KINDS) as KargoWatchKind[]).map(kind => [kind, this.informerOf(kind)]),
    );
  }

  private informerOf(kind: KargoWatchKind): KindInformer {
    const { group, version } = WATCHED_KINDS[kind];
    this.objects.set(kind, new KindObjects());
    // Only what the verification history reads is kept of each run.
    const select = kind === 'analysisruns' ? slimAnalysisRun : undefined;
    return new KindInformer({
      kubeConfig: this.options.kubeConfig,
      path: `/apis/${group}/${version}/${kind}`,
      list: () => this.options.list(kind, select),
      select,
      timeoutSeconds: this.options.timeoutSeconds ?? 300,
      backoff: this.options.backoff ?? DEFAULT_BACKOFF,
      onListed: items => this.replace(kind, items),
      onUpsert: object => this.upsert(kind, object),
      onDelete: object => this.remove(kind, object),
      onHealth: error => this.health(kind, error),
    });
  }

  async start(): Promise<void> {
    await Promise.all([...this.informers.values()].map(i => i.start()));
  }

  async stop(): Promise<void> {
    await Promise.all([...this.informers.values()].map(i => i.stop()));
  }

  async resync(): Promise<void> {
    await Promise.all([...this.informers.values()].map(i => i.relist()));
  }

  list<T extends KubeObject = KubeObject>(kind: KargoWatchKind, namespace?: string): T[] {
    return (this.objects.get(kind)?.list(namespace) ?? []) as T[];
  }

  private upsert(kind: KargoWatchKind, object: KubeObject) {
    const objects = this.objects.get(kind)!;
    const previous = objects.get(object);
    // ListWatch reports the items of each LIST again: only changes count.
    if (previous && previous.metadata?.resourceVersion === object.metadata?.resourceVersion) return;
    objects.set(object);
    this.options.onEvent({ kind, type: 'upsert', object, previous });
  }

  private remove(kind: KargoWatchKind, object: KubeObject) {
    const objects = this.objects.get(kind)!;
    const previous = objects.get(object);
    if (!previous) return;
    objects.delete(object);
    this.options.onEvent({ kind, type: 'delete', object: previous, previous });
  }

  /** A complete LIST: what is held but not listed was deleted meanwhile. */
  private replace(kind: KargoWatchKind, items: KubeObject[]) {
    const listed = new Set(items.map(keyOf));
    for (const object of this.objects.get(kind)!.list()) {
      if (!listed.has(keyOf(object))) this.remove(kind, object);
    }
    for (const item of items) this.upsert(kind, item);
  }

  private health(kind: KargoWatchKind, error: Error | null) {
    if (error) {
      this.errors.set(
        kind,
        translateKubeError(error, { instance: this.options.instance, verb: 'watch', resource: kind }),
      );
    } else {
      this.errors.delete(kind);
    }
    const first = this.errors.values().next().value;
    this.options.onHealth?.(first ?? null);
  }
}
