/**
 * OUR backend: the real Kargo backend plugin on a test backend (mock auth,
 * permissions that allow everything), listening on a loopback port. The
 * scheduler is replaced by one that only records the refresh task, so the
 * bench decides when a full refresh runs and measures exactly that.
 */
import {
  coreServices,
  createServiceFactory,
  type SchedulerService,
  type SchedulerServiceTaskInvocationDefinition,
} from '@backstage/backend-plugin-api';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import kargoPlugin from '@kargo-backstage/plugin-kargo-backend';
import { KARGO_PROJECT_ANNOTATION } from '@kargo-backstage/plugin-kargo-common';
import type { AddressInfo } from 'node:net';
import { projectName } from '../fleet/generate';

/** The Component whose Kargo tab the entity route serves: every Stage of the first project. */
export const BENCH_ENTITY = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'bench-app',
    namespace: 'default',
    annotations: { [KARGO_PROJECT_ANNOTATION]: projectName(0) },
  },
  spec: { type: 'service', lifecycle: 'production', owner: 'group:default/bench' },
};

export interface BenchBackend {
  /** Base of the plugin's API, e.g. http://127.0.0.1:PORT/api/kargo. */
  apiUrl: string;
  /** Runs the scheduled full refresh once, as the scheduler would. */
  refresh(): Promise<void>;
  /** Runs a scheduled task of the plugin once, as the scheduler would (e.g. `kargo-pull-requests`). */
  runTask(id: string): Promise<void>;
  /** Runs the scheduled pull-request pass (every repository's listing) once. */
  pullRequests(): Promise<void>;
  stop(): Promise<void>;
}

/** Integrations and the Kargo instance, all pointing at the (counting) sandbox. */
export function benchConfig(url: string, mode: 'poll' | 'watch' = 'poll') {
  return {
    kargo: {
      instances: [{ name: 'bench', url, serviceAccountToken: 'sandbox-readonly-token' }],
      // The fleet run measures a whole read (poll); --live the watch.
      refresh: { mode, frequency: { minutes: 60 }, timeout: { minutes: 10 } },
    },
    integrations: {
      github: [{ host: 'github.com', apiBaseUrl: `${url}/github/api/v3`, token: 'sandbox-github-token' }],
      gitlab: [
        {
          host: 'gitlab.example.com',
          baseUrl: `${url}/gitlab`,
          apiBaseUrl: `${url}/gitlab/api/v4`,
          token: 'sandbox-gitlab-token',
        },
      ],
    },
  };
}

export function recordingScheduler(tasks: SchedulerServiceTaskInvocationDefinition[]): SchedulerService {
  const unsupported = () => Promise.reject(new Error('not supported in the bench'));
  return {
    scheduleTask: async task => {
      tasks.push(task);
    },
    createScheduledTaskRunner: () => ({
      run: async task => {
        tasks.push(task);
      },
    }),
    triggerTask: unsupported,
    cancelTask: unsupported,
    getScheduledTasks: async () => [],
  };
}

export async function startBenchBackend(url: string, mode: 'poll' | 'watch' = 'poll'): Promise<BenchBackend> {
  const tasks: SchedulerServiceTaskInvocationDefinition[] = [];
  const backend = await startTestBackend({
    features: [
      kargoPlugin,
      mockServices.rootConfig.factory({ data: benchConfig(url, mode) }),
      // Warnings show a degraded refresh (a repository that failed, a project that could not be read).
      mockServices.rootLogger.factory({ level: 'warn' }),
      createServiceFactory({
        service: coreServices.scheduler,
        deps: {},
        factory: () => recordingScheduler(tasks),
      }),
      mockServices.permissions.factory({ result: AuthorizeResult.ALLOW }),
      catalogServiceMock.factory({ entities: [BENCH_ENTITY] }),
    ],
  });
  const { port } = backend.server.address() as AddressInfo;
  const task = tasks.find(t => t.id === 'kargo-snapshot-refresh:bench');
  if (!task) throw new Error('the Kargo backend plugin scheduled no kargo-snapshot-refresh:bench task');
  const prTask = tasks.find(t => t.id === 'kargo-pull-requests');
  if (!prTask) throw new Error('the Kargo backend plugin scheduled no kargo-pull-requests task');
  return {
    apiUrl: `http://127.0.0.1:${port}/api/kargo`,
    refresh: async () => {
      await task.fn(new AbortController().signal);
    },
    runTask: async id => {
      const scheduled = tasks.find(t => t.id === id);
      if (!scheduled) throw new Error(`the Kargo backend plugin scheduled no ${id} task`);
      await scheduled.fn(new AbortController().signal);
    },
    pullRequests: async () => {
      await prTask.fn(new AbortController().signal);
    },
    stop: () => backend.stop(),
  };
}
