import type { LoggerService } from '@backstage/backend-plugin-api';
import { mapLimit, type ProjectLists } from '@kargo-backstage/plugin-kargo-common';
import type { KargoClusterClient } from '@kargo-backstage/plugin-kargo-node';
import { abortable } from './abortable';
import type { InstanceModel, Rebuild } from './InstanceModel';
import type { InstanceSource } from './InstanceSource';
import { listProject } from './projectLists';
import type { InstanceState } from './types';

/** Projects of one instance read in parallel. */
const PROJECT_CONCURRENCY = 4;

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/**
 * `kargo.refresh.mode: poll`: every project read with one LIST per kind on
 * each refresh (for clusters where the service account may not watch).
 */
export class PolledInstance implements InstanceSource {
  private readonly lists = new Map<string, ProjectLists>();
  /** When the held lists of each project were read (an older read never replaces them). */
  private readonly readAt = new Map<string, string>();
  private lastError: string | null = null;

  constructor(
    private readonly client: KargoClusterClient,
    readonly model: InstanceModel,
    private readonly logger: LoggerService,
  ) {}

  start(): void {}

  initial(): Promise<InstanceState> {
    return this.refresh();
  }

  async stop(): Promise<void> {}

  async refresh(signal?: AbortSignal): Promise<InstanceState> {
    const name = this.client.instance.name;
    const now = new Date().toISOString();
    let projects: string[];
    try {
      projects = await abortable(this.client.listProjects(), signal, `Reading instance '${name}'`);
    } catch (error) {
      const state = await this.model.fail(messageOf(error));
      // Warn once per distinct failure; a long outage must not flood the log.
      if (this.lastError !== state.error) {
        this.logger.warn(`Kargo refresh failed: ${state.error}`, { instance: name });
      } else {
        this.logger.debug(`Kargo refresh still failing: ${state.error}`, { instance: name });
      }
      this.lastError = state.error;
      return state;
    }
    const errors = new Map<string, string>();
    await mapLimit(projects, PROJECT_CONCURRENCY, async project => {
      try {
        const read = listProject(this.client, project);
        this.hold(project, await abortable(read, signal, `Reading project '${project}'`), now);
      } catch (error) {
        this.logger.warn(`Kargo instance '${name}', project '${project}': ${messageOf(error)}`);
        errors.set(project, messageOf(error));
      }
    });
    for (const gone of [...this.lists.keys()].filter(p => !projects.includes(p))) {
      this.lists.delete(gone);
      this.readAt.delete(gone);
    }
    await this.model.update({
      rebuild: new Map(projects.map(p => [p, 'all'])),
      listsOf: p => this.lists.get(p),
      projects,
      errors,
      now,
    });
    if (this.lastError) this.logger.info(`Kargo instance '${name}' is readable again`, { instance: name });
    this.lastError = null;
    this.logger.debug(`Kargo instance '${name}': gathered ${projects.length} projects`);
    return (await this.model.current())!;
  }

  async refreshProject(project: string): Promise<void> {
    // The time the read starts: a read that started later and landed first
    // is newer, and is kept (InstanceModel.update compares).
    const now = new Date().toISOString();
    let errors: Map<string, string> | undefined;
    try {
      this.hold(project, await listProject(this.client, project), now);
    } catch (error) {
      errors = new Map([[project, messageOf(error)]]);
    }
    await this.model.update({
      rebuild: new Map([[project, 'all']]),
      listsOf: p => this.lists.get(p),
      errors,
      now,
    });
  }

  private hold(project: string, lists: ProjectLists, readAt: string) {
    if ((this.readAt.get(project) ?? '') > readAt) return;
    this.lists.set(project, lists);
    this.readAt.set(project, readAt);
  }

  async rebuild(rebuild: Rebuild): Promise<void> {
    await this.model.update({ rebuild, listsOf: p => this.lists.get(p), read: false });
  }
}
