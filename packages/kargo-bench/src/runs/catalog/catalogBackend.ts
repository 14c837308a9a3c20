/**
 * `yarn bench --catalog`: a Backstage backend with the real catalog, its
 * search index (Lunr, the catalog collator) and our catalog module, on a fresh
 * database (SQLite in memory or a throw-away PostgreSQL), plus the Kargo
 * backend on the bench's sandbox. Every plugin keeps the real scheduler
 * except Kargo's, whose refresh the bench runs itself (as in the fleet run).
 */
import {
  coreServices,
  createServiceFactory,
  type LoggerService,
  type SchedulerServiceTaskInvocationDefinition,
} from '@backstage/backend-plugin-api';
import { metricsServiceRef } from '@backstage/backend-plugin-api/alpha';
import { DefaultSchedulerService } from '@backstage/backend-defaults/scheduler';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import kargoPlugin from '@kargo-backstage/plugin-kargo-backend';
import catalogModuleKargo from '@kargo-backstage/plugin-catalog-backend-module-kargo';
import { KARGO_ANNOTATIONS } from '@kargo-backstage/plugin-kargo-common';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { benchConfig, recordingScheduler } from '../backend';

/** Schedules of the catalog provider and the search collator, in seconds. */
export interface CatalogSchedules {
  providerS: number;
  collatorS: number;
}

/** The provider's default frequency; the collator every minute (Backstage's default is 10). */
export const DEFAULT_SCHEDULES: CatalogSchedules = { providerS: 30, collatorS: 60 };
const PROVIDER_TASK = 'KargoStageEntityProvider:refresh';

export type CatalogDatabase =
  | { client: 'better-sqlite3'; connection: ':memory:' }
  | { client: 'pg'; connection: { host: string; port: number; user: string } };

export interface CatalogBackend {
  origin: string;
  /** Runs the Kargo backend's scheduled refresh once. */
  refreshKargo(): Promise<void>;
  /** When each run of the catalog provider's task ended (epoch ms). */
  providerRuns: number[];
  /** The provider's applied mutations: type and entity count, in order. */
  mutations: Array<{ at: number; type: string; entities: string }>;
  stop(): Promise<void>;
}

/** A root logger that prints warnings and keeps the provider's "Applied a ... mutation" lines. */
function capturingLogger(mutations: CatalogBackend['mutations']): LoggerService {
  const make = (meta: Record<string, unknown>): LoggerService => ({
    error: (m, e) => process.stderr.write(`[backend] ${meta.plugin ?? ''} ${m} ${e ?? ''}\n`),
    warn: (m, e) => process.stderr.write(`[backend] ${meta.plugin ?? ''} ${m} ${e ?? ''}\n`),
    info: () => {},
    debug: m => {
      const found = /^Applied a (full|delta) mutation of (.*) Kargo Stage entities/.exec(m);
      if (found) mutations.push({ at: Date.now(), type: found[1], entities: found[2].replace(/,$/, '') });
    },
    child: fields => make({ ...meta, ...fields }),
  });
  return make({});
}

export async function startCatalogBackend(options: {
  sandboxUrl: string;
  database: CatalogDatabase;
  /** A Component naming one Stage: its rollup is watched. */
  component: { project: string; stage: string; name: string };
  schedules: CatalogSchedules;
}): Promise<CatalogBackend> {
  const kargoTasks: SchedulerServiceTaskInvocationDefinition[] = [];
  const providerRuns: number[] = [];
  const mutations: CatalogBackend['mutations'] = [];
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kargo-bench-catalog-'));
  const componentFile = path.join(dir, 'component.yaml');
  // JSON is YAML.
  fs.writeFileSync(componentFile, JSON.stringify({
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: options.component.name,
      annotations: {
        [KARGO_ANNOTATIONS.project]: options.component.project,
        [KARGO_ANNOTATIONS.stages]: options.component.stage,
      },
    },
    spec: { type: 'service', lifecycle: 'production', owner: 'group:default/bench' },
  }));
  const schedule = (seconds: number) => ({
    frequency: { seconds },
    timeout: { minutes: 10 },
    initialDelay: { seconds: Math.min(5, seconds) },
  });
  const backend = await startTestBackend({
    features: [
      kargoPlugin,
      import('@backstage/plugin-catalog-backend'),
      catalogModuleKargo,
      import('@backstage/plugin-search-backend'),
      import('@backstage/plugin-search-backend-module-catalog'),
      mockServices.rootConfig.factory({
        data: {
          ...benchConfig(options.sandboxUrl),
          backend: { database: options.database },
          catalog: {
            locations: [{ type: 'file', target: componentFile }],
            providers: { kargo: { schedule: schedule(options.schedules.providerS) } },
          },
          search: { collators: { catalog: { schedule: schedule(options.schedules.collatorS) } } },
        },
      }),
      createServiceFactory({
        service: coreServices.rootLogger,
        deps: {},
        factory: () => capturingLogger(mutations),
      }),
      createServiceFactory({
        service: coreServices.scheduler,
        deps: {
          database: coreServices.database,
          logger: coreServices.logger,
          rootLifecycle: coreServices.rootLifecycle,
          httpRouter: coreServices.httpRouter,
          pluginMetadata: coreServices.pluginMetadata,
          metrics: metricsServiceRef,
        },
        factory: deps => {
          if (deps.pluginMetadata.getId() === 'kargo') return recordingScheduler(kargoTasks);
          const real = DefaultSchedulerService.create(deps);
          return {
            getScheduledTasks: () => real.getScheduledTasks(),
            triggerTask: id => real.triggerTask(id),
            cancelTask: id => real.cancelTask(id),
            createScheduledTaskRunner: s => real.createScheduledTaskRunner(s),
            scheduleTask: task =>
              real.scheduleTask(task.id !== PROVIDER_TASK ? task : {
                ...task,
                fn: async signal => {
                  await task.fn(signal);
                  providerRuns.push(Date.now());
                },
              }),
          };
        },
      }),
      mockServices.permissions.factory({ result: AuthorizeResult.ALLOW }),
    ],
  });
  const { port } = backend.server.address() as AddressInfo;
  const refresh = kargoTasks.find(t => t.id === 'kargo-snapshot-refresh:bench');
  if (!refresh) throw new Error('the Kargo backend plugin scheduled no kargo-snapshot-refresh:bench task');
  return {
    origin: `http://127.0.0.1:${port}`,
    refreshKargo: async () => {
      await refresh.fn(new AbortController().signal);
    },
    providerRuns,
    mutations,
    stop: async () => {
      await backend.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
