import {
  ApiException,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
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
import { listPages, type PageQuery, type PageRequest } from './listPages';
import { rawJsonBodyMiddleware } from './rawJsonBody';
import { fixedPages, PageLimits, type PageSizing } from './pageLimits';
import {
  KubernetesKargoClusterWatch,
  WATCHED_KINDS,
} from './watch/KubernetesKargoClusterWatch';
import { timeoutMiddleware } from './timeout';

const KARGO = { group: 'kargo.akuity.io', version: 'v1alpha1' };
const ROLLOUTS = { group: 'argoproj.io', version: 'v1alpha1' };

/** @public */
export interface KubernetesKargoClusterClientOptions {
  instance: KargoInstanceInfo;
  kubeConfig: KubeConfig;
  /**
   * Items per LIST page (`limit`); default 500. The watch's LISTs size their
   * pages by bytes instead (see `PageLimits`), up to this many items.
   */
  pageSize?: number;
  /** Per-request timeout in milliseconds; default 30 000. */
  requestTimeoutMs?: number;
}

type Options = ConfigurationOptions<ObservableMiddleware>;

interface ListOptions<T> {
  namespace?: string;
  select?: (item: T) => T;
  sizing?: PageSizing;
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
  /** The watch's pages, sized by each kind's bytes (the poll mode keeps pageSize items). */
  private readonly watchPages: PageLimits;
  private readonly options: Options;
  /** A LIST's: each page comes as text, parsed by `listPages`. */
  private readonly listOptions: Options;
  private readonly kubeConfig: KubeConfig;

  constructor(options: KubernetesKargoClusterClientOptions) {
    this.instance = options.instance;
    this.kubeConfig = options.kubeConfig;
    this.api = options.kubeConfig.makeApiClient(CustomObjectsApi);
    this.pageSize = options.pageSize ?? 500;
    this.watchPages = new PageLimits(this.pageSize);
    this.options = {
      middleware: [
        timeoutMiddleware(options.requestTimeoutMs ?? 30_000),
        keepAliveMiddleware(),
      ],
      middlewareMergeStrategy: 'append',
    };
    this.listOptions = {
      ...this.options,
      middleware: [...this.options.middleware!, rawJsonBodyMiddleware()],
    };
  }

  /** Counts the request; `onGone`, when given, is thrown instead of the translated 410. */
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
    page: (query: PageQuery, options: Options) => ReturnType<PageRequest<T>>,
    list: ListOptions<T> = {},
  ): Promise<T[]> {
    return (await this.listWithVersion(resource, page, list)).items;
  }

  /** Every page of a LIST (see `listPages`) and the resourceVersion of its snapshot. */
  private listWithVersion<T>(
    resource: string,
    page: (query: PageQuery, options: Options) => ReturnType<PageRequest<T>>,
    { namespace, select, sizing }: ListOptions<T> = {},
  ): Promise<{ items: T[]; resourceVersion: string }> {
    return listPages<T>(
      (op, fn, onGone) => this.call(op, fn, onGone),
      query => page(query, this.listOptions),
      {
        resource,
        namespace,
        select,
        pages: sizing ?? fixedPages(this.pageSize),
      },
    );
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
      (query, options) =>
        this.api.listNamespacedCustomObject(
          { ...api, plural, namespace, labelSelector, ...query },
          options,
        ),
      { namespace, select },
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
    const projects = await this.listAll<KubeObject>(
      'projects',
      (query, options) =>
        this.api.listClusterCustomObject(
          { ...KARGO, plural: 'projects', ...query },
          options,
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

  /**
   * Every object of a kind in the whole cluster, or in one namespace (the
   * watch's LIST), in pages sized by the kind's bytes. Only here: the poll
   * mode reads every project on each refresh, and byte-sized pages there
   * multiplied its requests (3,096 instead of 501 at 5,000 Stages).
   */
  private listKind<T extends KubeObject>(
    kind: KargoWatchKind,
    select?: (item: T) => T,
    namespace?: string,
  ) {
    const resource = { ...WATCHED_KINDS[kind], plural: kind };
    return this.listWithVersion<T>(
      kind,
      (query, options) =>
        namespace === undefined
          ? this.api.listClusterCustomObject({ ...resource, ...query }, options)
          : this.api.listNamespacedCustomObject(
              { ...resource, namespace, ...query },
              options,
            ),
      {
        namespace,
        select,
        sizing: this.watchPages.of(kind),
      },
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
