import type { LoggerService } from '@backstage/backend-plugin-api';
import { ServiceUnavailableError } from '@backstage/errors';
import type { KargoService } from '@kargo-backstage/plugin-kargo-node';
import type { ObjectBudgets } from '@kargo-backstage/plugin-kargo-common';
import { InstanceModel } from './InstanceModel';
import type { InstanceSource } from './InstanceSource';
import { PolledInstance } from './PolledInstance';
import { PullRequestTracker, type ListingSharing } from './pullRequestTracker';
import { StageChanges } from './stageChanges';
import type { SnapshotStore } from './SnapshotStore';
import type { InstanceState } from './types';
import {
  WatchedInstance,
  type WatchedInstanceOptions,
} from './WatchedInstance';

/** How long a request waits for a first gathering before answering 503. */
const FIRST_GATHER_WAIT_MS = 15_000;

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/** @public */
export interface SnapshotServiceOptions {
  /** `kargo.refresh.mode`: watch (default in the plugin) or poll. */
  mode?: 'watch' | 'poll';
  watch?: WatchedInstanceOptions;
  /** Replicas share pull-request listings through the cache (watch mode with a shared store). */
  sharing?: ListingSharing;
  /** `kargo.limits`: how much of Kargo's objects a view is built from. */
  budgets?: ObjectBudgets;
}

/**
 * Keeps a snapshot of every configured Kargo instance and answers reads from
 * it. Each instance has its own source (LIST + WATCH, or periodic LISTs) and
 * its own refresh: one slow or broken instance never delays another. Pull
 * requests are listed on their own schedule and never inside a Kargo read.
 * A failing instance keeps its previous data marked stale; a failing
 * project keeps its previous Stages with its own error.
 */
export class SnapshotService {
  /** Every change of a Stage's detail, in process (see StageChanges). */
  readonly changes = new StageChanges();
  readonly pullRequests: PullRequestTracker;
  private readonly sources = new Map<string, InstanceSource>();
  private readonly inFlight = new Map<string, Promise<InstanceState>>();
  /** Listings and rebuilds started on their own (refreshAll waits for them). */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly kargo: KargoService,
    private readonly store: SnapshotStore,
    private readonly logger: LoggerService,
    options: SnapshotServiceOptions = {},
  ) {
    this.pullRequests = new PullRequestTracker(
      kargo.pullRequests,
      logger,
      options.sharing,
    );
    for (const { name } of kargo.listInstances()) {
      const client = kargo.cluster(name);
      const model = new InstanceModel(
        client.instance,
        store,
        this.pullRequests,
        this.changes,
        options.budgets,
      );
      const watchable = options.mode === 'watch' && client.watch;
      this.sources.set(
        name,
        watchable
          ? new WatchedInstance(
              client as Required<typeof client>,
              model,
              logger,
              options.watch,
            )
          : new PolledInstance(client, model, logger),
      );
    }
    this.pullRequests.onChange(async repos => {
      await Promise.all(
        [...this.sources.values()].map(async source => {
          const rebuild = source.model.stagesShowing(repos);
          if (!rebuild.size) return;
          await this.track(source.rebuild(rebuild)).catch(e =>
            logger.warn(`Rebuilding after a PR change failed: ${e}`),
          );
        }),
      );
    });
    this.changes.subscribe(() => this.listNewRepositories());
  }

  instanceNames(): string[] {
    return this.kargo.listInstances().map(i => i.name);
  }

  /** Starts the watches (watch mode); polling starts with the first refresh. */
  start(): void {
    for (const source of this.sources.values()) source.start();
  }

  async stop(): Promise<void> {
    await Promise.all([...this.sources.values()].map(s => s.stop()));
  }

  /**
   * Refreshes every instance, each on its own, then lists the pull requests
   * (for tests and tools; the plugin schedules each part separately).
   */
  async refreshAll(signal?: AbortSignal): Promise<void> {
    const started = Date.now();
    await Promise.allSettled(
      this.instanceNames().map(name => this.refreshInstance(name, signal)),
    );
    // Repositories new to a Stage were listed meanwhile: once per refresh.
    await this.pullRequests.listAll(signal, started);
    // And the Stages show what those listings found.
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const done = () => this.pending.delete(work);
    work.then(done, done);
    return work;
  }

  /** Lists the open pull requests of every repository a Stage shows. */
  refreshPullRequests(signal?: AbortSignal): Promise<void> {
    return this.pullRequests.listAll(signal);
  }

  /** Takes the pull-request listings another replica shared since the last call. */
  adoptSharedPullRequests(): Promise<void> {
    return this.pullRequests.adoptShared();
  }

  /** Re-lists one repository now (a pull_request / merge_request webhook named it). */
  async refreshRepository(repoUrl: string): Promise<void> {
    if (this.pullRequests.isShown(repoUrl))
      await this.pullRequests.list([repoUrl], { fresh: true });
  }

  /** Refreshes one instance; concurrent callers share one read. */
  refreshInstance(name: string, signal?: AbortSignal): Promise<InstanceState> {
    let running = this.inFlight.get(name);
    if (!running) {
      running = this.source(name)
        .refresh(signal)
        .catch(error => this.source(name).model.fail(messageOf(error)))
        .finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, running);
    }
    return running;
  }

  /** Re-reads one project now (after a reverify or abort). */
  async refreshProject(instance: string, project: string): Promise<void> {
    const current = await this.store.get(instance);
    if (!current?.lastUpdated) {
      await this.refreshInstance(instance);
      return;
    }
    await this.source(instance).refreshProject(project);
  }

  // Concurrent first requests share the first read.
  private initial(name: string): Promise<InstanceState | undefined> {
    let running = this.inFlight.get(name);
    if (!running) {
      running = this.source(name)
        .initial()
        .catch(error => this.source(name).model.fail(messageOf(error)))
        .finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, running);
    }
    return running;
  }

  private source(name: string): InstanceSource {
    const source = this.sources.get(name);
    if (!source)
      throw new ServiceUnavailableError(`Unknown Kargo instance '${name}'`);
    return source;
  }

  // Stages that started to show a repository get its pull requests now, not
  // at the next scheduled pass (and never inside the Kargo read).
  private listNewRepositories() {
    const repos = [...this.sources.values()].flatMap(s =>
      s.model.takeUnlisted(),
    );
    if (repos.length) {
      this.track(this.pullRequests.list(repos)).catch(e =>
        this.logger.warn(`Listing pull requests failed: ${e}`),
      );
    }
  }

  /**
   * The instance's state. Before the first scheduled refresh, gathers it on
   * demand. Throws ServiceUnavailableError when there is no data at all.
   */
  async getInstance(name: string): Promise<InstanceState> {
    let state = await this.store.get(name);
    if (!state) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<undefined>(resolve => {
        timer = setTimeout(() => resolve(undefined), FIRST_GATHER_WAIT_MS);
      });
      state = await Promise.race([this.initial(name), timeout]).finally(() =>
        clearTimeout(timer),
      );
    }
    if (!state) {
      throw new ServiceUnavailableError(
        `Kargo instance '${name}' is still being read for the first time; try again shortly`,
      );
    }
    if (!state.lastUpdated) {
      throw new ServiceUnavailableError(
        `Kargo instance '${name}' is unavailable and no data was gathered from it yet: ${state.error}`,
      );
    }
    return state;
  }

  /** Every instance's state, those never read included (for the snapshot route). */
  async getAll(): Promise<InstanceState[]> {
    return Promise.all(
      this.instanceNames().map(async name => {
        try {
          return await this.getInstance(name);
        } catch (error) {
          const known = await this.store.get(name);
          return {
            instance: name,
            kargoUrl: this.kargo.cluster(name).instance.kargoUrl,
            lastUpdated: null,
            attemptedAt: known?.attemptedAt ?? new Date().toISOString(),
            stale: true,
            error: messageOf(error),
            projects: {},
          };
        }
      }),
    );
  }
}
