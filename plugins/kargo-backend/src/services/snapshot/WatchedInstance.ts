import type { LoggerService } from '@backstage/backend-plugin-api';
import {
  StageRoutes,
  stagesTouchedBy,
  type ProjectLists,
  type Stage,
} from '@kargo-backstage/plugin-kargo-common';
import type {
  KargoClusterClient,
  KargoClusterWatch,
  KargoWatchEvent,
} from '@kargo-backstage/plugin-kargo-node';
import { abortable } from './abortable';
import type { InstanceModel, Rebuild } from './InstanceModel';
import type { InstanceSource } from './InstanceSource';
import type { InstanceState } from './types';

export interface WatchedInstanceOptions {
  /** Server-side timeout of each watch request, in seconds. */
  timeoutSeconds?: number;
  /** Events arriving within this many milliseconds are applied together. */
  batchMs?: number;
  /** Milliseconds of a monotonic clock (tests give their own). */
  clock?: () => number;
}

/**
 * `kargo.refresh.mode: watch`: the instance's Kargo kinds kept current by
 * LIST + WATCH. This shell only routes: each event names the Stages it
 * touches (kargo-common's stagesTouchedBy, with an index of each project's
 * Stages kept here), and only those are rebuilt.
 */
export class WatchedInstance implements InstanceSource {
  private readonly watch: KargoClusterWatch;
  private pending: Rebuild = new Map();
  private timer?: NodeJS.Timeout;
  private synced = false;
  /** An instance-wide failure (a cluster-wide stream): every project is stale. */
  private failure: string | null = null;
  /**
   * Projects whose namespace streams fail (Narrower RBAC: a namespace left
   * unbound): each keeps its Stages with its own error, as a poll's failed
   * project read does; the others stay current.
   */
  private readonly projectErrors = new Map<string, string>();
  /** Applications of events under way. */
  private flushing = 0;
  /**
   * When the last application of watch events ended, and how long it took
   * (a first sync or a refresh is not paced: it is asked for).
   */
  private lastFlush = { endMs: 0, tookMs: 0 };
  /**
   * Each project's Stages indexed for routing, updated per Stage object:
   * an event reads only the Stages changed since the last one.
   */
  private readonly routes = new Map<string, StageRoutes>();

  constructor(
    client: KargoClusterClient & Required<Pick<KargoClusterClient, 'watch'>>,
    readonly model: InstanceModel,
    private readonly logger: LoggerService,
    private readonly options: WatchedInstanceOptions = {},
  ) {
    this.watch = client.watch({
      onEvent: event => this.route(event),
      onHealth: error => this.health(error),
      onNamespaceHealth: (namespace, error) =>
        this.projectHealth(namespace, error),
      timeoutSeconds: options.timeoutSeconds,
      // The objects' strings and the details' texts: one table per instance.
      interner: model.interner,
    });
  }

  private started?: Promise<void>;

  start(): void {
    this.started ??= this.watch.start().then(() => this.syncAll());
  }

  /** Resolves once the first sync was applied. */
  ready(): Promise<void> {
    this.start();
    return this.started!;
  }

  async initial(): Promise<InstanceState> {
    await this.ready();
    return (await this.model.current())!;
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    await this.watch.stop();
  }

  async refresh(signal?: AbortSignal): Promise<InstanceState> {
    await this.ready();
    await abortable(
      this.watch.resync(),
      signal,
      `Relisting instance '${this.model.instance.name}'`,
    );
    await this.flush();
    return (await this.model.current())!;
  }

  async refreshProject(): Promise<void> {
    // The watch delivers the write's effects by itself.
  }

  async rebuild(rebuild: Rebuild): Promise<void> {
    await this.model.update({
      rebuild,
      listsOf: p => this.listsOf(p),
      read: false,
      failure: this.failure,
      errors: this.errorsOf(this.projects()),
      held: true,
    });
  }

  /** The errors of the listed projects whose streams fail now. */
  private errorsOf(projects: string[]): Map<string, string> {
    const errors = new Map<string, string>();
    for (const project of projects) {
      const error = this.projectErrors.get(project);
      if (error) errors.set(project, error);
    }
    return errors;
  }

  private projects(): string[] {
    return this.watch
      .list('projects')
      .map(p => p.metadata?.name)
      .filter((n): n is string => !!n)
      .sort();
  }

  private listsOf(project: string): ProjectLists | undefined {
    if (!this.projects().includes(project)) return undefined;
    return {
      stages: this.watch.list('stages', project),
      analysisRuns: this.watch.list('analysisruns', project),
      promotions: this.watch.list('promotions', project),
      freight: this.watch.list('freights', project),
    };
  }

  private async syncAll(): Promise<void> {
    if (this.failure) return;
    this.synced = true;
    const projects = this.projects();
    for (const project of this.routes.keys()) {
      if (!projects.includes(project)) this.routes.delete(project);
    }
    this.pending = new Map(projects.map(p => [p, 'all']));
    await this.flush();
  }

  private route(event: KargoWatchEvent) {
    if (!this.synced) return; // the first sync builds everything
    const name = event.object.metadata?.name;
    if (event.kind === 'projects') {
      if (name && event.type === 'delete') this.routes.delete(name);
      if (name) this.pending.set(name, 'all');
    } else {
      const project = event.object.metadata?.namespace;
      // Cluster-wide streams: only Kargo project namespaces count.
      if (!project || !this.projects().includes(project)) return;
      if (this.pending.get(project) === 'all') return;
      const stages = this.watch.list<Stage>('stages', project);
      let routes = this.routes.get(project);
      if (!routes) this.routes.set(project, (routes = new StageRoutes()));
      const touched = stagesTouchedBy(event, stages, routes);
      if (touched.size === 0) return;
      // Every Stage (a Freight event): 'all', so later events of the project
      // are not routed until it is applied; else added to the project's one
      // set, never copied (attack 13: 2,000 names copied per event).
      const everyStage =
        touched.size >= stages.length &&
        stages.every(s => touched.has(s?.metadata?.name ?? ''));
      const known = this.pending.get(project) as Set<string> | undefined;
      if (everyStage) this.pending.set(project, 'all');
      else if (known) touched.forEach(n => known.add(n));
      else this.pending.set(project, touched);
    }
    this.schedule();
  }

  private clock(): number {
    return this.options.clock?.() ?? performance.now();
  }

  private schedule() {
    // An application under way schedules what arrived meanwhile as it ends.
    if (this.timer || this.flushing) return;
    // At least as long after the last application as it took: events that
    // arrive faster than they are applied (a project member writing Freight,
    // or a Stage 2,000 others are downstream of, in a loop) are applied
    // together, in at most half of the event loop.
    const { endMs, tookMs } = this.lastFlush;
    const wait = Math.max(
      this.options.batchMs ?? 20,
      endMs + tookMs - this.clock(),
    );
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush(true).catch(error =>
        this.logger.warn(`Applying Kargo changes failed: ${error}`),
      );
    }, wait);
  }

  private async flush(paced = false): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rebuild = this.pending;
    this.pending = new Map();
    const started = this.clock();
    this.flushing++;
    try {
      const projects = this.projects();
      await this.model.update({
        rebuild,
        listsOf: p => this.listsOf(p),
        projects,
        failure: this.failure,
        errors: this.errorsOf(projects),
        held: true,
      });
    } finally {
      this.flushing--;
      const endMs = this.clock();
      if (paced) this.lastFlush = { endMs, tookMs: endMs - started };
      if (this.pending.size) this.schedule();
    }
  }

  /**
   * One project namespace's streams failed (or work again): that project's
   * error, told only to who may read it; never the instance's.
   */
  private projectHealth(project: string, error: Error | null) {
    const name = this.model.instance.name;
    if (error) {
      if (this.projectErrors.get(project) === error.message) return;
      this.logger.warn(
        `Kargo instance '${name}', project '${project}': ${error.message}`,
        { instance: name },
      );
      this.projectErrors.set(project, error.message);
    } else {
      if (!this.projectErrors.delete(project)) return;
      this.logger.info(
        `Kargo instance '${name}', project '${project}' is watched again`,
        { instance: name },
      );
    }
    // Its error recorded, or its Stages built again from what the watch
    // holds now (the first sync covers what came before it).
    if (!this.synced) return;
    this.pending.set(project, 'all');
    this.schedule();
  }

  private health(error: Error | null) {
    const name = this.model.instance.name;
    if (error) {
      if (this.failure !== error.message) {
        this.logger.warn(`Kargo watch failed, reconnecting: ${error.message}`, {
          instance: name,
        });
      }
      this.failure = error.message;
      this.model.fail(error.message).catch(() => undefined);
      return;
    }
    if (this.failure === null) return;
    this.failure = null;
    this.logger.info(`Kargo instance '${name}' is watched again`, {
      instance: name,
    });
    // What changed meanwhile arrives as events; rebuilding everything once
    // also clears the stale flag and covers the first sync if it failed.
    this.syncAll().catch(e =>
      this.logger.warn(`Applying Kargo changes failed: ${e}`),
    );
  }
}
