import {
  type BackstageCredentials,
  coreServices,
  createServiceFactory,
  type BackendFeature,
  type SchedulerServiceTaskInvocationDefinition,
  type ServiceFactory,
} from '@backstage/backend-plugin-api';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import type { Entity } from '@backstage/catalog-model';
import {
  AuthorizeResult,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  startSandbox,
  type Sandbox,
  type SandboxOptions,
} from '@kargo-backstage/kargo-sandbox';
import {
  createKubeConfig,
  createPullRequestService,
  kargoServiceRef,
  KubernetesKargoClusterClient,
  readKargoConfig,
  type KargoService,
} from '@kargo-backstage/plugin-kargo-node';
import { InputError } from '@backstage/errors';
import { actionsRegistryServiceMock } from '@backstage/backend-test-utils/alpha';
import { actionsRegistryServiceRef } from '@backstage/backend-plugin-api/alpha';
import type { JsonObject } from '@backstage/types';
import { backstagePermissions } from '../../../__testUtils__/permissionClient';
import { kargoPlugin } from '../../../plugin';
import { capturingRootLogger, LogCapture } from './capturingLogger';

/** Distinctive credentials: any occurrence in a response or log is a leak. */
export const SECRETS = {
  k8s: 'sekret-k8s-4f1c9e27b3d84a6f',
  github: 'sekret-gh-9a7d2c51e0f34b88',
  gitlab: 'sekret-gl-3e6b8f0d72a14c59',
} as const;
export const ALL_SECRETS: string[] = Object.values(SECRETS);

export const USER = 'user:default/alice';
export const userHeader = () => mockCredentials.user.header(USER);

export const ENTITY: Entity = {
  apiVersion: 'backstage.io/v1alpha1',
  kind: 'Component',
  metadata: {
    name: 'checkout-service',
    namespace: 'default',
    annotations: { 'kargo.akuity.io/project': 'checkout' },
  },
  spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
};

/** A demo sandbox that only accepts the distinctive tokens. */
export function startSecretSandbox(
  options: SandboxOptions = {},
): Promise<Sandbox> {
  return startSandbox({
    port: 0,
    stepDelayMs: 20,
    ...options,
    tokens: { [SECRETS.k8s]: '*' },
    githubToken: SECRETS.github,
    gitlabToken: SECRETS.gitlab,
  });
}

export function kargoConfig(
  sandbox: Sandbox,
  refreshSeconds = 1,
  mode: 'watch' | 'poll' = 'watch',
) {
  return {
    kargo: {
      instances: [
        {
          name: 'sandbox',
          url: sandbox.url,
          serviceAccountToken: SECRETS.k8s,
          kargoUrl: 'https://kargo.example.com',
          // The documented fallback: writes through the Kubernetes API with
          // this token (the tests below look at what reaches the cluster).
          writes: 'kubernetes',
        },
      ],
      refresh: {
        mode,
        frequency: { seconds: refreshSeconds },
        timeout: { seconds: 30 },
      },
    },
    integrations: {
      github: [
        {
          host: 'github.com',
          apiBaseUrl: sandbox.githubApiUrl,
          token: SECRETS.github,
        },
      ],
      gitlab: [
        {
          host: 'gitlab.example.com',
          baseUrl: sandbox.gitlabUrl,
          apiBaseUrl: `${sandbox.gitlabUrl}/api/v4`,
          token: SECRETS.gitlab,
        },
      ],
    },
  };
}

/**
 * The Kargo service as the default one builds it, but with a short cluster
 * request timeout and no Git retries, so hangs and 5xx show within a test.
 */
export function fastKargoServiceFactory(requestTimeoutMs: number) {
  return createServiceFactory({
    service: kargoServiceRef,
    deps: { config: coreServices.rootConfig, logger: coreServices.logger },
    factory: ({ config, logger }): KargoService => {
      const { instances } = readKargoConfig(config);
      const clients = new Map(
        instances.map(i => [
          i.name,
          new KubernetesKargoClusterClient({
            instance: { name: i.name, kargoUrl: i.kargoUrl },
            kubeConfig: createKubeConfig(i),
            requestTimeoutMs,
          }),
        ]),
      );
      return {
        pullRequests: createPullRequestService({
          config,
          logger,
          githubRetry: { retries: 0 },
        }),
        listInstances: () => [...clients.values()].map(c => c.instance),
        cluster: name => {
          const client = clients.get(name ?? instances[0].name);
          if (!client) throw new InputError(`Unknown Kargo instance '${name}'`);
          return client;
        },
        kargoApi: () => {
          throw new Error('the reliability harness writes through Kubernetes');
        },
        // As configured (kargoConfig: the documented `writes: kubernetes`).
        writeMode: name =>
          instances.find(i => i.name === (name ?? instances[0].name))?.writes ??
          'none',
      };
    },
  });
}

/** A definitive decision (the mock answers no conditional ones). */
export type Decision = AuthorizeResult.ALLOW | AuthorizeResult.DENY;

export interface ReliabilityBackend {
  server: Awaited<ReturnType<typeof startTestBackend>>['server'];
  sandbox: Sandbox;
  logs: LogCapture;
  /** Calls one of the plugin's actions (MCP tools), e.g. `list-stages`. */
  invoke(
    name: string,
    input: JsonObject,
    credentials: BackstageCredentials,
  ): Promise<any>;
  /** Runs the scheduled refresh now (mock scheduler only). */
  refresh(): Promise<void>;
  /**
   * Changes the policy's decision per permission name (and resource ref) from
   * now on. Users only: service principals are allowed by Backstage's
   * permission client without asking the policy (see backstagePermissions).
   */
  decide(fn: (permission: string, resourceRef?: string) => Decision): void;
  /**
   * The policy's answer to users' queries without a resource (conditional
   * decisions) from now on; undefined: `decide`'s answer.
   */
  decideConditional(fn: () => PolicyDecision | undefined): void;
  stop(): Promise<void>;
}

export interface ReliabilityOptions {
  sandbox: Sandbox;
  config?: JsonObject;
  requestTimeoutMs?: number;
  /** Replaces the mock scheduler (then refresh() is unavailable). */
  services?: ServiceFactory[];
  logs?: LogCapture;
  /** Other plugins and modules on the same backend (events, signals). */
  features?: BackendFeature[];
  /** The catalog's entities (default: ENTITY only). */
  entities?: Entity[];
}

/** The kargo plugin on a test backend: no default credentials, captured logs. */
export async function startReliabilityBackend(
  options: ReliabilityOptions,
): Promise<ReliabilityBackend> {
  const { sandbox } = options;
  const logs = options.logs ?? new LogCapture();
  let decision: (permission: string, resourceRef?: string) => Decision = () =>
    AuthorizeResult.ALLOW;
  let conditional: () => PolicyDecision | undefined = () => undefined;
  const scheduler = mockServices.scheduler.mock();
  const actions = actionsRegistryServiceMock();
  const rootLogger = createServiceFactory({
    service: coreServices.rootLogger,
    deps: {},
    factory: () => capturingRootLogger(logs),
  });
  const backend = await startTestBackend({
    features: [
      kargoPlugin,
      fastKargoServiceFactory(options.requestTimeoutMs ?? 10_000),
      mockServices.rootConfig.factory({
        data: options.config ?? kargoConfig(sandbox),
      }),
      // A request without an Authorization header has no credentials.
      mockServices.httpAuth.factory({
        defaultCredentials: mockCredentials.none(),
      }),
      // Backstage's own behaviour: services allowed, the policy for users.
      backstagePermissions(
        () => decision,
        () => conditional(),
      ).factory,
      catalogServiceMock.factory({ entities: options.entities ?? [ENTITY] }),
      rootLogger,
      createServiceFactory({
        service: actionsRegistryServiceRef,
        deps: {},
        factory: () => actions,
      }),
      ...(options.services ?? [scheduler.factory]),
      ...(options.features ?? []),
    ],
  });
  return {
    server: backend.server,
    sandbox,
    logs,
    // Every task once, in the order scheduled: each instance's refresh,
    // then the pull-request pass.
    refresh: async () => {
      for (const [task] of scheduler.scheduleTask.mock.calls) {
        await (task as SchedulerServiceTaskInvocationDefinition).fn(
          new AbortController().signal,
        );
      }
    },
    invoke: async (name, input, credentials) =>
      (await actions.invoke({ id: `test:${name}`, input, credentials })).output,
    decide: fn => {
      decision = fn;
    },
    decideConditional: fn => {
      conditional = fn;
    },
    stop: () => backend.stop(),
  };
}
