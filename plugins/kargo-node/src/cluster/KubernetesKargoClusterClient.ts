import {
  ApiException,
  CustomObjectsApi,
  KubeConfig,
  Observable,
  PatchStrategy,
  RequestContext,
  ResponseContext,
  setHeaderOptions,
  type ConfigurationOptions,
  type ObservableMiddleware,
} from '@kubernetes/client-node';
import type {
  AnalysisRun,
  Freight,
  KubeObject,
  Promotion,
  Stage,
} from '@kargo-backstage/plugin-kargo-common';
import type {
  KargoClusterClient,
  KargoClusterWatch,
  KargoInstanceInfo,
  KargoWatchKind,
  KargoWatchOptions,
} from '../types';
import { KubeOperation, translateKubeError } from './errors';
import { keepAliveMiddleware } from './keepAlive';
import {
  KubernetesKargoClusterWatch,
  WATCHED_KINDS,
} from './watch/KubernetesKargoClusterWatch';

const KARGO = { group: 'kargo.akuity.io', version: 'v1alpha1' };
const ROLLOUTS = { group: 'argoproj.io', version: 'v1alpha1' };

/** @public */
export interface KubernetesKargoClusterClientOptions {
  instance: KargoInstanceInfo;
  kubeConfig: KubeConfig;
  /** Items per LIST page (`limit`); default 500. */
  pageSize?: number;
  /** Per-request timeout in milliseconds; default 30 000. */
  requestTimeoutMs?: number;
}

interface KubeList<T> {
  items?: T[];
  metadata?: { continue?: string; resourceVersion?: string };
}

/** Restarts of a LIST whose continue token expired, before giving up. */
const MAX_LIST_RESTARTS = 3;
const EXPIRED_CONTINUE = Symbol('expired continue token');

// Aborts a request that hangs, so one dead cluster cannot hold the refresh.
function timeoutMiddleware(ms: number): ObservableMiddleware {
  return {
    pre: (ctx: RequestContext) => {
      ctx.setSignal(AbortSignal.timeout(ms));
      return new Observable(Promise.resolve(ctx));
    },
    post: (ctx: ResponseContext) => new Observable(Promise.resolve(ctx)),
  };
}

/**
 * {@link KargoClusterClient} over `@kubernetes/client-node`. Every failure
 * leaves here as an `@backstage/errors` error (see `translateKubeError`).
 *
 * @public
 */
export class KubernetesKargoClusterClient implements KargoClusterClient {
  readonly instance: KargoInstanceInfo;
  /** Requests sent to the cluster so far (pages count one each). */
  requestCount = 0;
  private readonly api: CustomObjectsApi;
  private readonly pageSize: number;
  private readonly options: ConfigurationOptions<ObservableMiddleware>;
  private readonly kubeConfig: KubeConfig;

  constructor(options: KubernetesKargoClusterClientOptions) {
    this.instance = options.instance;
    this.kubeConfig = options.kubeConfig;
    this.api = options.kubeConfig.makeApiClient(CustomObjectsApi);
    this.pageSize = options.pageSize ?? 500;
    this.options = {
      middleware: [
        timeoutMiddleware(options.requestTimeoutMs ?? 30_000),
        keepAliveMiddleware(),
      ],
      middlewareMergeStrategy: 'append',
    };
  }

  /** `onGone`, when given, is thrown instead of the translated 410. */
  private async call<T>(
    op: Omit<KubeOperation, 'instance'>,
    fn: () => Promise<T>,
    onGone?: unknown,
  ): Promise<T> {
    this.requestCount += 1;
    try {
      return await fn();
    } catch (error) {
      if (
        onGone !== undefined &&
        error instanceof ApiException &&
        error.code === 410
      ) {
        throw onGone;
      }
      throw translateKubeError(error, { ...op, instance: this.instance.name });
    }
  }

  private async listAll<T>(
    resource: string,
    page: (cont: string | undefined) => Promise<KubeList<T>>,
    namespace?: string,
    select?: (item: T) => T,
  ): Promise<T[]> {
    return (await this.listWithVersion(resource, page, namespace, select))
      .items;
  }

  /**
   * Every page of a LIST and the resourceVersion of its snapshot. A continue
   * token that expired (410 Gone: the pages took longer than the server keeps
   * its snapshot) restarts the list from the first page, a few times at most.
   */
  private async listWithVersion<T>(
    resource: string,
    page: (cont: string | undefined) => Promise<KubeList<T>>,
    namespace?: string,
    select?: (item: T) => T,
  ): Promise<{ items: T[]; resourceVersion: string }> {
    for (let attempt = 0; ; attempt++) {
      const items: T[] = [];
      let resourceVersion = '';
      let cont: string | undefined;
      try {
        do {
          const token = cont;
          const list = await this.call(
            { verb: 'list', resource, namespace },
            () => page(token),
            token !== undefined && attempt < MAX_LIST_RESTARTS
              ? EXPIRED_CONTINUE
              : undefined,
          );
          const pageItems = list.items ?? [];
          items.push(...(select ? pageItems.map(select) : pageItems));
          resourceVersion ||= list.metadata?.resourceVersion ?? '';
          cont = list.metadata?.continue || undefined;
        } while (cont);
        return { items, resourceVersion };
      } catch (error) {
        if (error !== EXPIRED_CONTINUE) throw error;
      }
    }
  }

  private listNamespaced<T>(
    api: { group: string; version: string },
    plural: string,
    namespace: string,
    labelSelector?: string,
    select?: (item: T) => T,
  ): Promise<T[]> {
    return this.listAll<T>(
      plural,
      cont =>
        this.api.listNamespacedCustomObject(
          {
            ...api,
            plural,
            namespace,
            labelSelector,
            limit: this.pageSize,
            _continue: cont,
          },
          this.options,
        ),
      namespace,
      select,
    );
  }

  private getNamespaced<T>(
    api: { group: string; version: string },
    plural: string,
    namespace: string,
    name: string,
  ): Promise<T> {
    return this.call({ verb: 'get', resource: plural, namespace, name }, () =>
      this.api.getNamespacedCustomObject(
        { ...api, plural, namespace, name },
        this.options,
      ),
    );
  }

  async listProjects(): Promise<string[]> {
    const projects = await this.listAll<KubeObject>('projects', cont =>
      this.api.listClusterCustomObject(
        { ...KARGO, plural: 'projects', limit: this.pageSize, _continue: cont },
        this.options,
      ),
    );
    return projects
      .map(p => p.metadata?.name)
      .filter((n): n is string => !!n)
      .sort();
  }

  listStages(project: string): Promise<Stage[]> {
    return this.listNamespaced<Stage>(KARGO, 'stages', project);
  }

  listFreight(project: string): Promise<Freight[]> {
    return this.listNamespaced<Freight>(KARGO, 'freights', project);
  }

  listPromotions(project: string): Promise<Promotion[]> {
    return this.listNamespaced<Promotion>(KARGO, 'promotions', project);
  }

  listAnalysisRuns(
    project: string,
    labelSelector?: string,
    select?: (run: AnalysisRun) => AnalysisRun,
  ): Promise<AnalysisRun[]> {
    return this.listNamespaced<AnalysisRun>(
      ROLLOUTS,
      'analysisruns',
      project,
      labelSelector,
      select,
    );
  }

  getStage(project: string, name: string): Promise<Stage> {
    return this.getNamespaced<Stage>(KARGO, 'stages', project, name);
  }

  getAnalysisRun(project: string, name: string): Promise<AnalysisRun> {
    return this.getNamespaced<AnalysisRun>(
      ROLLOUTS,
      'analysisruns',
      project,
      name,
    );
  }

  getPromotion(project: string, name: string): Promise<Promotion> {
    return this.getNamespaced<Promotion>(KARGO, 'promotions', project, name);
  }

  watch(options: KargoWatchOptions): KargoClusterWatch {
    return new KubernetesKargoClusterWatch({
      ...options,
      instance: this.instance.name,
      kubeConfig: this.kubeConfig,
      list: (kind, select, namespace) => this.listKind(kind, select, namespace),
    });
  }

  /** Every object of a kind in the whole cluster, or in one namespace (the watch's LIST). */
  private listKind<T extends KubeObject>(
    kind: KargoWatchKind,
    select?: (item: T) => T,
    namespace?: string,
  ) {
    const query = {
      ...WATCHED_KINDS[kind],
      plural: kind,
      limit: this.pageSize,
    };
    return this.listWithVersion<T>(
      kind,
      cont =>
        namespace === undefined
          ? this.api.listClusterCustomObject(
              { ...query, _continue: cont },
              this.options,
            )
          : this.api.listNamespacedCustomObject(
              { ...query, namespace, _continue: cont },
              this.options,
            ),
      namespace,
      select,
    );
  }

  patchStageAnnotations(
    project: string,
    name: string,
    annotations: Record<string, string | null>,
    options?: { resourceVersion?: string },
  ): Promise<Stage> {
    return this.patchAnnotations<Stage>(
      'stages',
      project,
      name,
      annotations,
      options,
    );
  }

  patchPromotionAnnotations(
    project: string,
    name: string,
    annotations: Record<string, string | null>,
    options?: { resourceVersion?: string },
  ): Promise<Promotion> {
    return this.patchAnnotations<Promotion>(
      'promotions',
      project,
      name,
      annotations,
      options,
    );
  }

  private patchAnnotations<T>(
    plural: 'stages' | 'promotions',
    project: string,
    name: string,
    annotations: Record<string, string | null>,
    options?: { resourceVersion?: string },
  ): Promise<T> {
    // A resourceVersion inside a merge patch is a precondition: the API
    // server answers 409 when the object changed since it was read.
    const metadata: Record<string, unknown> = { annotations };
    if (options?.resourceVersion)
      metadata.resourceVersion = options.resourceVersion;
    return this.call(
      { verb: 'patch', resource: plural, namespace: project, name },
      () =>
        this.api.patchNamespacedCustomObject(
          { ...KARGO, plural, namespace: project, name, body: { metadata } },
          setHeaderOptions(
            'Content-Type',
            PatchStrategy.MergePatch,
            this.options,
          ),
        ),
    );
  }

  createPromotion(project: string, promotion: Promotion): Promise<Promotion> {
    const body = {
      ...promotion,
      apiVersion: 'kargo.akuity.io/v1alpha1',
      kind: 'Promotion',
      metadata: { ...promotion.metadata, namespace: project },
    };
    return this.call(
      {
        verb: 'create',
        resource: 'promotions',
        namespace: project,
        name: promotion.metadata?.name,
      },
      () =>
        this.api.createNamespacedCustomObject(
          { ...KARGO, plural: 'promotions', namespace: project, body },
          this.options,
        ),
    );
  }
}
