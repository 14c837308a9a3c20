import type { LoggerService } from '@backstage/backend-plugin-api';
import type { KargoClusterClient } from '@kargo-backstage/plugin-kargo-node';
import { abortable } from './abortable';
import type { InstanceModel, Rebuild } from './InstanceModel';
import type { InstanceSource } from './InstanceSource';
import { listProject } from './projectLists';
import { readAhead } from './readAhead';
import type { InstanceState } from './types';

/** Projects of one instance read in parallel. */
const PROJECT_CONCURRENCY = 4;

function messageOf(error: unknown): string {
  return (error as Error)?.message ?? String(error);
}

/**
 * `kargo.refresh.mode: poll`: every project read with one LIST per kind on
 * each refresh (for clusters where the service account may not watch).
 *
 * Holds no list: each project is read just ahead of being built (a few at a
 * time) and dropped once built, so memory follows the snapshot, not the
 * fleet's raw objects (figures: docs/benchmarks.md#measurements-behind-the-code).
 * A rebuild after a pull-request change reads
 * the projects it touches again.
 */
export class PolledInstance implements InstanceSource {
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
      projects = await abortable(
        this.client.listProjects(),
        signal,
        `Reading instance '${name}'`,
      );
    } catch (error) {
      const state = await this.model.fail(messageOf(error));
      // Warn once per distinct failure; a long outage must not flood the log.
      if (this.lastError !== state.error) {
        this.logger.warn(`Kargo refresh failed: ${state.error}`, {
          instance: name,
        });
      } else {
        this.logger.debug(`Kargo refresh still failing: ${state.error}`, {
          instance: name,
        });
      }
      this.lastError = state.error;
      return state;
    }
    const read = readAhead(projects, PROJECT_CONCURRENCY, project =>
      abortable(
        listProject(this.client, project),
        signal,
        `Reading project '${project}'`,
      ),
    );
    await this.model.update({
      rebuild: new Map(projects.map(p => [p, 'all'])),
      listsOf: async project => {
        try {
          return await read(project);
        } catch (error) {
          this.logger.warn(
            `Kargo instance '${name}', project '${project}': ${messageOf(
              error,
            )}`,
          );
          throw error;
        }
      },
      projects,
      now,
    });
    if (this.lastError)
      this.logger.info(`Kargo instance '${name}' is readable again`, {
        instance: name,
      });
    this.lastError = null;
    this.logger.debug(
      `Kargo instance '${name}': gathered ${projects.length} projects`,
    );
    return (await this.model.current())!;
  }

  async refreshProject(project: string): Promise<void> {
    // The time the read starts: a read that started later and landed first
    // is newer, and is kept (InstanceModel.update compares).
    const now = new Date().toISOString();
    // Read before queueing the update: a slow read never holds up another's.
    const read = listProject(this.client, project);
    read.catch(() => undefined);
    await read.catch(() => undefined);
    await this.model.update({
      rebuild: new Map([[project, 'all']]),
      listsOf: () => read,
      now,
    });
  }

  async rebuild(rebuild: Rebuild): Promise<void> {
    const read = readAhead([...rebuild.keys()], PROJECT_CONCURRENCY, project =>
      listProject(this.client, project),
    );
    // Project by project, each read before its update is queued: a read that
    // hangs never holds up a refresh (or its abort), and one project's lists
    // are held at a time. A project that cannot be read now keeps its Stages
    // as they are: the next refresh reports the failure.
    for (const [project, which] of rebuild) {
      const lists = await read(project).catch(() => undefined);
      if (!lists) continue;
      await this.model.update({
        rebuild: new Map([[project, which]]),
        listsOf: () => lists,
        read: false,
      });
    }
  }
}
