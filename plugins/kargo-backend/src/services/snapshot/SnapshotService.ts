import type { LoggerService } from '@backstage/backend-plugin-api';
import { ServiceUnavailableError } from '@backstage/errors';
import type { KargoService } from '@kargo-backstage/plugin-kargo-node';
import { mapLimit } from '../mapLimit';
import { gatherProject } from './gatherProject';
import { PullRequestGatherer, PullRequestCycle } from './pullRequestGatherer';
import type { SnapshotStore } from './SnapshotStore';
import type { InstanceState, ProjectState } from './types';

/** Projects of one instance read in parallel. */
const PROJECT_CONCURRENCY = 4;
/** How long a request waits for a first gathering before answering 503. */
const FIRST_GATHER_WAIT_MS = 15_000;

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/**
 * Gathers every configured Kargo instance into a snapshot (the scheduled
 * task calls {@link SnapshotService.refreshAll}) and answers reads from it.
 * A failing instance keeps its previous data marked stale; a failing
 * project keeps its previous Stages with its own error.
 */
export class SnapshotService {
  private readonly inFlight = new Map<string, Promise<InstanceState>>();
  private readonly pullRequests: PullRequestGatherer;

  constructor(
    private readonly kargo: KargoService,
    private readonly store: SnapshotStore,
    private readonly logger: LoggerService,
  ) {
    this.pullRequests = new PullRequestGatherer(kargo.pullRequests, logger);
  }

  instanceNames(): string[] {
    return this.kargo.listInstances().map(i => i.name);
  }

  /** Refreshes every instance; one failing instance never stops the others. */
  async refreshAll(): Promise<void> {
    const cycle = this.pullRequests.cycle();
    await Promise.all(this.instanceNames().map(name => this.refreshInstance(name, cycle)));
  }

  /** Refreshes one instance; concurrent callers share one gathering. */
  refreshInstance(name: string, cycle?: PullRequestCycle): Promise<InstanceState> {
    let running = this.inFlight.get(name);
    if (!running) {
      running = this.gatherInstance(name, cycle ?? this.pullRequests.cycle()).finally(() =>
        this.inFlight.delete(name),
      );
      this.inFlight.set(name, running);
    }
    return running;
  }

  private async gatherInstance(name: string, cycle: PullRequestCycle): Promise<InstanceState> {
    const client = this.kargo.cluster(name);
    const previous = await this.store.get(name);
    const now = new Date().toISOString();
    let projects: string[];
    try {
      projects = await client.listProjects();
    } catch (error) {
      const state: InstanceState = {
        instance: name,
        kargoUrl: client.instance.kargoUrl,
        lastUpdated: previous?.lastUpdated ?? null,
        projects: previous?.projects ?? {},
        attemptedAt: now,
        stale: true,
        error: messageOf(error),
      };
      // Warn once per distinct failure; a long outage must not flood the log.
      if (previous?.error !== state.error) {
        this.logger.warn(`Kargo refresh failed: ${state.error}`, { instance: name });
      } else {
        this.logger.debug(`Kargo refresh still failing: ${state.error}`, { instance: name });
      }
      await this.store.set(state);
      return state;
    }
    const states = await mapLimit(projects, PROJECT_CONCURRENCY, project =>
      this.gatherProjectState(name, project, previous?.projects[project], cycle, now),
    );
    const state: InstanceState = {
      instance: name,
      kargoUrl: client.instance.kargoUrl,
      lastUpdated: now,
      attemptedAt: now,
      stale: false,
      error: null,
      projects: Object.fromEntries(states.map(p => [p.project, p])),
    };
    await this.store.set(state);
    if (previous?.error) {
      this.logger.info(`Kargo instance '${name}' is readable again`, { instance: name });
    }
    this.logger.debug(`Kargo instance '${name}': gathered ${projects.length} projects`);
    return state;
  }

  private async gatherProjectState(
    instance: string,
    project: string,
    previous: ProjectState | undefined,
    cycle: PullRequestCycle,
    now: string,
  ): Promise<ProjectState> {
    const client = this.kargo.cluster(instance);
    try {
      const stages = await gatherProject({
        client,
        instance: client.instance,
        project,
        pullRequests: cycle,
        now,
      });
      return { project, stages, lastUpdated: now, error: null };
    } catch (error) {
      this.logger.warn(`Kargo instance '${instance}', project '${project}': ${messageOf(error)}`);
      return {
        project,
        stages: previous?.stages ?? [],
        lastUpdated: previous?.lastUpdated ?? null,
        error: messageOf(error),
      };
    }
  }

  /** Re-reads one project now (after a reverify or abort). */
  async refreshProject(instance: string, project: string): Promise<void> {
    const current = await this.store.get(instance);
    if (!current?.lastUpdated) {
      await this.refreshInstance(instance);
      return;
    }
    const now = new Date().toISOString();
    const projectState = await this.gatherProjectState(
      instance,
      project,
      current.projects[project],
      this.pullRequests.cycle(),
      now,
    );
    // Re-read: a full refresh may have landed meanwhile.
    const latest = (await this.store.get(instance)) ?? current;
    await this.store.set({
      ...latest,
      projects: { ...latest.projects, [project]: projectState },
    });
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
      state = await Promise.race([this.refreshInstance(name), timeout]).finally(() =>
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
