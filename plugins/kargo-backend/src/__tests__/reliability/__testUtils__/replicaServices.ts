import {
  coreServices,
  createServiceFactory,
  type SchedulerService,
} from '@backstage/backend-plugin-api';
import { metricsServiceRef } from '@backstage/backend-plugin-api/alpha';
import { DefaultSchedulerService } from '@backstage/backend-defaults/scheduler';

/** One execution of a scheduled task on one replica. */
export interface TaskRun {
  replica: string;
  taskId: string;
  start: number;
  end: number;
}

/**
 * The real (database-locked) scheduler of @backstage/backend-defaults,
 * recording each execution of a task function with the replica's name.
 */
export function recordingSchedulerFactory(replica: string, runs: TaskRun[]) {
  return createServiceFactory({
    service: coreServices.scheduler,
    deps: {
      database: coreServices.database,
      logger: coreServices.logger,
      rootLifecycle: coreServices.rootLifecycle,
      httpRouter: coreServices.httpRouter,
      pluginMetadata: coreServices.pluginMetadata,
      metrics: metricsServiceRef,
    },
    factory: (deps): SchedulerService => {
      const real = DefaultSchedulerService.create(deps);
      return {
        triggerTask: id => real.triggerTask(id),
        cancelTask: id => real.cancelTask(id),
        createScheduledTaskRunner: schedule =>
          real.createScheduledTaskRunner(schedule),
        getScheduledTasks: () => real.getScheduledTasks(),
        scheduleTask: task =>
          real.scheduleTask({
            ...task,
            fn: async signal => {
              const start = Date.now();
              try {
                await task.fn(signal);
              } finally {
                runs.push({ replica, taskId: task.id, start, end: Date.now() });
              }
            },
          }),
      };
    },
  });
}
