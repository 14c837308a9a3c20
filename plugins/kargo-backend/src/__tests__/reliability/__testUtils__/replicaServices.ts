import {
  coreServices,
  createServiceFactory,
  type CacheService,
  type CacheServiceOptions,
  type CacheServiceSetOptions,
  type SchedulerService,
} from '@backstage/backend-plugin-api';
import { metricsServiceRef } from '@backstage/backend-plugin-api/alpha';
import { DefaultSchedulerService } from '@backstage/backend-defaults/scheduler';
import { durationToMilliseconds, type JsonValue } from '@backstage/types';

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

type Entry = { value: JsonValue; expires: number };

function toMs(ttl: CacheServiceSetOptions['ttl']): number | undefined {
  if (ttl === undefined) return undefined;
  return typeof ttl === 'number' ? ttl : durationToMilliseconds(ttl);
}

class MapCache implements CacheService {
  constructor(
    private readonly map: Map<string, Entry>,
    private readonly prefix: string,
    private readonly defaultTtl = 3_600_000,
  ) {}

  async get<T extends JsonValue>(key: string): Promise<T | undefined> {
    const entry = this.map.get(this.prefix + key);
    if (!entry || entry.expires < Date.now()) return undefined;
    return structuredClone(entry.value) as T;
  }

  async set(key: string, value: JsonValue, options?: CacheServiceSetOptions) {
    const ms = toMs(options?.ttl) ?? this.defaultTtl;
    this.map.set(this.prefix + key, {
      value: structuredClone(value),
      expires: Date.now() + ms,
    });
  }

  async delete(key: string) {
    this.map.delete(this.prefix + key);
  }

  withOptions(options: CacheServiceOptions) {
    return new MapCache(
      this.map,
      this.prefix,
      toMs(options.defaultTtl) ?? this.defaultTtl,
    );
  }
}

/**
 * One cache shared by every replica, as a Redis or Memcached store is in a
 * real multi-replica deployment (`backend.cache`).
 */
export function sharedCacheFactory(map: Map<string, Entry>) {
  return createServiceFactory({
    service: coreServices.cache,
    deps: { plugin: coreServices.pluginMetadata },
    factory: ({ plugin }) => new MapCache(map, `${plugin.getId()}:`),
  });
}
