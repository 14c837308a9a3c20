import {
  Interner,
  JsonSizes,
  buildProjectStages,
  normalizeRepoUrl,
  sameStageDetail,
  ProjectIndexes,
  type ObjectBudgets,
  type ProjectVerdict,
  type ProjectLists,
  type StageDetail,
} from '@kargo-backstage/plugin-kargo-common';
import type { KargoInstanceInfo } from '@kargo-backstage/plugin-kargo-node';
import type { PullRequestTracker } from './pullRequestTracker';
import type { SnapshotStageChange, StageChanges } from './stageChanges';
import type { SnapshotStore } from './SnapshotStore';
import type { InstanceState, ProjectState } from './types';

/** How long a project's budget verdict serves builds of some of its Stages. */
const VERDICT_MAX_AGE_MS = 60_000;

/** Stages built between two turns of the event loop (~5 ms of work). */
const BUILD_BATCH = 10;

const yieldToEventLoop = () =>
  new Promise<void>(resolve => setImmediate(resolve));

/** Which Stages of a project to rebuild: some (by name) or all. */
export type Rebuild = Map<string, ReadonlySet<string> | 'all'>;

interface UpdateOptions {
  rebuild: Rebuild;
  /**
   * A project's lists, read or held by the source. A rejection marks the
   * project as failing (it keeps its Stages, with the error); undefined
   * leaves it as it was. Asked for in the order of `rebuild`, one project at
   * a time, and never kept: a source may read them as they are asked for.
   */
  listsOf: (
    project: string,
  ) => ProjectLists | undefined | Promise<ProjectLists | undefined>;
  /** The complete project list, when it was read (a project not in it is dropped). */
  projects?: string[];
  /** Projects that could not be read: they keep their Stages, with the error. */
  errors?: Map<string, string>;
  /** When the read began (default: now). */
  now?: string;
  /**
   * False for a pull-request listing that changed: no Kargo read to count,
   * and a Stage already built gets only its pull-request parts built again
   * (its Kargo parts are kept; a Kargo change still pending is built by its
   * own update, queued after this one).
   */
  read?: boolean;
  /** Why the instance is not fully current (served stale meanwhile); null when it is. */
  failure?: string | null;
  /**
   * The source holds its lists' objects between updates (a watch): indexes
   * of them (the Freight's, the Promotions') are kept for the next update. A poll's lists
   * are new objects each time: nothing of them is kept.
   */
  held?: boolean;
}

/**
 * One instance's state, rebuilt from its project lists (however they were
 * read: LIST or WATCH): only the Stages asked for are built again, only the
 * ones whose detail changed are reported, and the Stages' repositories are
 * handed to the pull-request tracker (whose listings are read, never
 * awaited).
 */
export class InstanceModel {
  /**
   * The instance's one table of shared strings: its watched objects' (see
   * WatchedInstance) and its Stage details' texts. Owned here, so it lives
   * and goes with the instance.
   */
  readonly interner = new Interner();
  /** Its objects' sizes, each measured once (see `kargo.limits`). */
  private readonly sizes = new JsonSizes();
  /**
   * Each project's budget verdict: measured by a build of all its Stages
   * and at most a minute before, reused by builds of some (a watch event):
   * the project is looked up whole at most once a minute, and a project
   * that grew or shrank by events alone is judged again within a minute.
   */
  private readonly verdicts = new Map<
    string,
    { holder: ProjectVerdict; at: number }
  >();
  /** Each project's indexes, while its source holds the objects. */
  private readonly indexes = new Map<string, ProjectIndexes>();
  private readonly repositories = new Map<string, string[]>();
  /** Repositories to list at once: shown by a Stage, never listed. */
  private unlisted: string[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly instance: KargoInstanceInfo,
    private readonly store: SnapshotStore,
    private readonly pullRequests: PullRequestTracker,
    private readonly changes: StageChanges,
    private readonly budgets?: ObjectBudgets,
  ) {}

  current(): Promise<InstanceState | undefined> {
    return this.store.get(this.instance.name);
  }

  /** Repositories Stages started to show since the last call. */
  takeUnlisted(): string[] {
    const repos = this.unlisted;
    this.unlisted = [];
    return repos;
  }

  /** The Stages (by project) that show a repository. */
  stagesShowing(repoUrls: string[]): Rebuild {
    const wanted = new Set(repoUrls.map(r => normalizeRepoUrl(r) ?? r));
    const rebuild: Rebuild = new Map();
    for (const [key, repos] of this.repositories) {
      if (!repos.some(r => wanted.has(normalizeRepoUrl(r) ?? r))) continue;
      const [project, stage] = key.split('/');
      // Added to the project's one set (copying it per Stage made 8 million
      // names for 4,000 Stages: issue 35, attack 11).
      let names = rebuild.get(project) as Set<string> | undefined;
      if (!names) rebuild.set(project, (names = new Set()));
      names.add(stage);
    }
    return rebuild;
  }

  /** Rebuilds the Stages asked for, stores the new state and reports what changed. */
  update(options: UpdateOptions): Promise<SnapshotStageChange[]> {
    // One update at a time: each starts from what the previous one stored.
    const next = this.queue.then(() => this.apply(options));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async apply(options: UpdateOptions): Promise<SnapshotStageChange[]> {
    const now = options.now ?? new Date().toISOString();
    const previous = await this.current();
    // Only a read (or a source that knows) may clear a failure: a rebuild
    // after a pull-request change keeps the instance's stale mark.
    let failure = options.failure;
    if (failure === undefined)
      failure = options.read ?? true ? null : previous?.error ?? null;
    // A read while part of the instance fails is not a complete read.
    const read = (options.read ?? true) && !failure;
    const projects: Record<string, ProjectState> = { ...previous?.projects };
    const changes: SnapshotStageChange[] = [];
    if (options.projects) {
      const listed = new Set(options.projects);
      for (const gone of Object.keys(projects).filter(p => !listed.has(p))) {
        changes.push(...this.removeAll(gone, projects[gone].stages));
        delete projects[gone];
        this.verdicts.delete(gone);
        this.indexes.delete(gone);
      }
    }
    const failed = (project: string, error: string) => {
      const before = projects[project];
      projects[project] = {
        project,
        stages: before?.stages ?? [],
        lastUpdated: before?.lastUpdated ?? null,
        error,
      };
    };
    for (const [project, error] of options.errors ?? []) failed(project, error);
    for (const [project, which] of options.rebuild) {
      if (options.errors?.has(project)) continue;
      let lists: ProjectLists | undefined;
      try {
        lists = await options.listsOf(project);
      } catch (error) {
        failed(project, (error as Error)?.message ?? String(error));
        continue;
      }
      const before = projects[project];
      // A read that started later already landed: never replace it with older data.
      if (!lists || (read && (before?.lastUpdated ?? '') > now)) continue;
      const stamp = read ? now : before?.lastUpdated ?? now;
      projects[project] = await this.rebuildProject(
        project,
        lists,
        which,
        before,
        stamp,
        changes,
        options.read === false,
        this.indexesOf(project, options.held ?? false),
      );
    }
    // Never read completely (a failing first sync) stays null: served as 503.
    const lastUpdated =
      read && now > (previous?.lastUpdated ?? '')
        ? now
        : previous?.lastUpdated ?? (read ? now : null);
    await this.store.set({
      instance: this.instance.name,
      kargoUrl: this.instance.kargoUrl,
      lastUpdated,
      attemptedAt: new Date().toISOString(),
      stale: !!failure,
      error: failure,
      projects,
    });
    this.changes.emit(changes);
    return changes;
  }

  /** Keeps the last good data, marked stale with the error. */
  fail(error: string): Promise<InstanceState> {
    const next = this.queue.then(() => this.markFailed(error));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async markFailed(error: string): Promise<InstanceState> {
    const previous = await this.current();
    const state: InstanceState = {
      instance: this.instance.name,
      kargoUrl: this.instance.kargoUrl,
      lastUpdated: previous?.lastUpdated ?? null,
      projects: previous?.projects ?? {},
      attemptedAt: new Date().toISOString(),
      stale: true,
      error,
    };
    await this.store.set(state);
    return state;
  }

  private async rebuildProject(
    project: string,
    lists: ProjectLists,
    which: ReadonlySet<string> | 'all',
    before: ProjectState | undefined,
    now: string,
    changes: SnapshotStageChange[],
    pullRequestsOnly: boolean,
    indexes: ProjectIndexes | undefined,
  ): Promise<ProjectState> {
    const only = which === 'all' ? undefined : which;
    let kept = this.verdicts.get(project);
    if (!only || !kept || Date.now() - kept.at > VERDICT_MAX_AGE_MS) {
      kept = { holder: {}, at: Date.now() };
      this.verdicts.set(project, kept);
    }
    const projectVerdict = kept.holder;
    const stages = new Map((before?.stages ?? []).map(s => [s.name, s]));
    const built = new Set<string>();
    let count = 0;
    for (const { detail, repositories: urls } of buildProjectStages({
      ...lists,
      instance: this.instance.name,
      kargoUrl: this.instance.kargoUrl,
      argocdUrl: this.instance.argocdUrl,
      project,
      now,
      only,
      pullRequestsOf: repo => this.pullRequests.lookup(repo),
      builtBefore: pullRequestsOnly ? name => stages.get(name) : undefined,
      interner: this.interner,
      budgets: this.budgets,
      sizes: this.sizes,
      projectVerdict,
      indexes,
      // A watch's details are current for the Stages it does not rebuild.
      keptDetail: indexes ? name => stages.get(name) : undefined,
    })) {
      built.add(detail.name);
      // Kept per Stage (here and by the tracker): one copy of each URL.
      const repositories = urls.map(url => this.interner.internText(url));
      const key = `${project}/${detail.name}`;
      this.repositories.set(key, repositories);
      this.unlisted.push(
        ...this.pullRequests.use(this.trackerKey(key), repositories),
      );
      // Compared with the detail it replaces (which the state holds anyway),
      // not a digest of each: no digest map, and a first build serialises
      // nothing (a Stage's JSON is ~24 KB: 240 MB of garbage at 10,000).
      const previous = stages.get(detail.name);
      if (!previous || !sameStageDetail(previous, detail)) {
        stages.set(detail.name, detail);
        changes.push({
          instance: this.instance.name,
          project,
          stage: detail.name,
          detail,
        });
      }
      // The backend serves every plugin from this event loop.
      if (++count % BUILD_BATCH === 0) await yieldToEventLoop();
    }
    // Asked for (or every Stage) but no longer listed: deleted.
    for (const name of [...stages.keys()]) {
      if (built.has(name) || (only && !only.has(name))) continue;
      stages.delete(name);
      changes.push(...this.removeAll(project, [{ name } as StageDetail]));
    }
    return {
      project,
      stages: [...stages.values()].sort((a, b) => a.name.localeCompare(b.name)),
      lastUpdated: now,
      error: null,
    };
  }

  private indexesOf(
    project: string,
    held: boolean,
  ): ProjectIndexes | undefined {
    if (!held) {
      this.indexes.delete(project);
      return undefined;
    }
    let kept = this.indexes.get(project);
    if (!kept) this.indexes.set(project, (kept = new ProjectIndexes()));
    return kept;
  }

  private trackerKey(stageKey: string) {
    return `${this.instance.name}/${stageKey}`;
  }

  private removeAll(
    project: string,
    stages: Array<Pick<StageDetail, 'name'>>,
  ): SnapshotStageChange[] {
    return stages.map(({ name }) => {
      const key = `${project}/${name}`;
      this.repositories.delete(key);
      this.pullRequests.use(this.trackerKey(key), []);
      return {
        instance: this.instance.name,
        project,
        stage: name,
        detail: null,
      };
    });
  }
}
