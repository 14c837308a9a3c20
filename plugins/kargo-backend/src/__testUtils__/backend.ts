import type { JsonObject } from '@backstage/types';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import {
  type BackendFeature,
  coreServices,
  createServiceFactory,
  type SchedulerServiceTaskInvocationDefinition,
} from '@backstage/backend-plugin-api';
import {
  DefaultKargoService,
  kargoServiceRef,
} from '@kargo-backstage/plugin-kargo-node';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import type { Entity } from '@backstage/catalog-model';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import {
  DEMO_TOKENS,
  SANDBOX_KARGO_API_TOKEN,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import { kargoPlugin } from '../plugin';
import { backstagePermissions } from './permissionClient';

export const ADMIN_TOKEN = 'sandbox-admin-token';
/** The portal's Kargo API token (kargo-portal, role-bound in the demo projects). */
export const PORTAL_TOKEN = SANDBOX_KARGO_API_TOKEN;

export const ENTITIES: Entity[] = [
  {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: 'checkout-service',
      namespace: 'default',
      annotations: { 'kargo.akuity.io/project': 'checkout' },
    },
    spec: { type: 'service', lifecycle: 'production', owner: 'team-a' },
  },
  {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Component',
    metadata: {
      name: 'storefront',
      namespace: 'default',
      annotations: {
        'kargo.akuity.io/project': 'checkout,payments,missing',
        'kargo.akuity.io/stages': 'staging,uat',
      },
    },
    spec: { type: 'website', lifecycle: 'production', owner: 'team-a' },
  },
];

export interface KargoTestBackend {
  server: Awaited<ReturnType<typeof startTestBackend>>['server'];
  sandbox: Sandbox;
  /** Runs every scheduled task once now, as the scheduler would. */
  refresh(): Promise<void>;
  auditor: ReturnType<typeof mockServices.auditor.mock>;
  permissions: ReturnType<typeof mockServices.permissions.mock>;
  /** The plugin's Kargo service, to count requests that reached the cluster. */
  kargo(): DefaultKargoService;
  /** The refresh task as the plugin scheduled it. */
  refreshTask(): SchedulerServiceTaskInvocationDefinition;
  /** A task as the plugin scheduled it, by id. */
  scheduledTask(
    id: string,
  ): SchedulerServiceTaskInvocationDefinition | undefined;
  stop(): Promise<void>;
}

/** The plugin on a test backend, reading a fresh demo sandbox over HTTP. */
export async function startKargoTestBackend(options?: {
  sandbox?: Sandbox;
  result?: AuthorizeResult.ALLOW | AuthorizeResult.DENY;
  /**
   * With `result` DENY, still allow `kargo.stage.read`: a viewer without
   * the write permissions (a Stage one may not read is a missing one).
   */
  allowRead?: boolean;
  /** Point the instance elsewhere (e.g. a closed port) instead of the sandbox. */
  clusterUrl?: string;
  /** `backend` configuration (e.g. the cache store). */
  backendConfig?: JsonObject;
  /** `kargo.refresh` (e.g. `{ mode: 'poll' }`). */
  refresh?: JsonObject;
  /** `kargo.instances` instead of the one sandbox instance. */
  instances?: JsonObject[];
  /** Catalog entities instead of ENTITIES. */
  entities?: Entity[];
  /** More backend features (e.g. a module of the kargo plugin). */
  features?: BackendFeature[];
  /**
   * The instance's `api` block; default the sandbox's Kargo API with the
   * portal token. `false`: none (writes refused unless `writes: kubernetes`).
   */
  api?: JsonObject | false;
  /** The instance's `writes` (e.g. `kubernetes`, the fallback). */
  writes?: string;
  /** The root logger (e.g. a capturing one, to look for tokens in lines). */
  logger?: BackendFeature;
  /** The default `api` block's identity (default portal: users act as the portal). */
  identity?: 'user' | 'portal';
  /** Let the portal's Kargo API token write (default true). */
  grantPortal?: boolean;
  /** Extra `kargo.access.services` entries (attack probes). */
  services?: JsonObject[];
  /** `kargo.limits` (e.g. `{ stageObjectsMB: 1 }`). */
  limits?: JsonObject;
}): Promise<KargoTestBackend> {
  const sandbox =
    options?.sandbox ??
    (await startSandbox({ port: 0, tokens: DEMO_TOKENS, stepDelayMs: 20 }));
  if (options?.grantPortal !== false) grantPortal(sandbox);
  const scheduler = mockServices.scheduler.mock();
  const auditor = mockServices.auditor.mock();
  // As Backstage's client: services allowed, `result` the policy's for users.
  const permissions = backstagePermissions(
    () => permission =>
      options?.allowRead && permission === 'kargo.stage.read'
        ? AuthorizeResult.ALLOW
        : options?.result ?? AuthorizeResult.ALLOW,
  );
  let kargo: DefaultKargoService | undefined;
  const backend = await startTestBackend({
    features: [
      kargoPlugin,
      createServiceFactory({
        service: kargoServiceRef,
        deps: { config: coreServices.rootConfig, logger: coreServices.logger },
        factory: ({ config, logger }) => {
          kargo = DefaultKargoService.fromConfig({ config, logger });
          return kargo;
        },
      }),
      mockServices.rootConfig.factory({
        data: {
          ...(options?.backendConfig ? { backend: options.backendConfig } : {}),
          kargo: {
            ...(options?.refresh ? { refresh: options.refresh } : {}),
            ...(options?.limits ? { limits: options.limits } : {}),
            // A service that may write (as the portal): the scaffolder's.
            access: {
              services: [
                { subject: 'plugin:scaffolder', projects: ['*'], write: true },
                ...(options?.services ?? []),
              ],
            },
            instances: options?.instances ?? [
              {
                name: 'sandbox',
                url: options?.clusterUrl ?? sandbox.url,
                serviceAccountToken: ADMIN_TOKEN,
                kargoUrl: 'https://kargo.example.com',
                ...(options?.api === false
                  ? {}
                  : {
                      // identity portal: the write tests' users act as
                      // the portal (plugin.kargoIdentity.test.ts covers
                      // identity user, the person's own token).
                      api: options?.api ?? {
                        url: sandbox.kargoApiUrl,
                        ...(options?.identity === 'user'
                          ? { identity: 'user', authProvider: 'oidc' }
                          : { identity: 'portal' }),
                        token: PORTAL_TOKEN,
                      },
                    }),
                ...(options?.writes ? { writes: options.writes } : {}),
              },
            ],
          },
          integrations: {
            github: [
              {
                host: 'github.com',
                apiBaseUrl: sandbox.githubApiUrl,
                token: 'sandbox-github-token',
              },
            ],
            gitlab: [
              {
                host: 'gitlab.example.com',
                baseUrl: sandbox.gitlabUrl,
                apiBaseUrl: `${sandbox.gitlabUrl}/api/v4`,
                token: 'sandbox-gitlab-token',
              },
            ],
            bitbucketCloud: [
              {
                apiBaseUrl: sandbox.bitbucketApiUrl,
                token: 'sandbox-bitbucket-token',
              },
            ],
          },
        },
      }),
      scheduler.factory,
      auditor.factory,
      permissions.factory,
      catalogServiceMock.factory({ entities: options?.entities ?? ENTITIES }),
      ...(options?.logger ? [options.logger] : []),
      ...(options?.features ?? []),
    ],
  });
  const task = () =>
    scheduler.scheduleTask.mock
      .calls[0][0] as SchedulerServiceTaskInvocationDefinition;
  return {
    server: backend.server,
    sandbox,
    auditor,
    permissions,
    kargo: () => kargo!,
    refreshTask: task,
    scheduledTask: id =>
      scheduler.scheduleTask.mock.calls
        .map(([t]) => t as SchedulerServiceTaskInvocationDefinition)
        .find(t => t.id === id),
    // Every task once, in the order scheduled: the instance's refresh, then
    // the pull-request pass.
    refresh: async () => {
      for (const [t] of scheduler.scheduleTask.mock.calls) {
        await (t as SchedulerServiceTaskInvocationDefinition).fn(
          new AbortController().signal,
        );
      }
    },
    stop: async () => {
      await backend.stop();
      if (!options?.sandbox) await sandbox.stop().catch(() => undefined);
    },
  };
}

/**
 * Lets the portal's Kargo API token (system:serviceaccount:backstage:
 * kargo-portal) act on Kargo's objects everywhere, as a platform team binds
 * it to Kargo's project-admin role; Kargo's API then decides by this RBAC.
 */
export function grantPortal(sandbox: Sandbox) {
  sandbox.load([
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRole',
      metadata: { name: 'test-kargo-portal' },
      rules: [
        { apiGroups: ['kargo.akuity.io'], resources: ['*'], verbs: ['*'] },
      ],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'test-kargo-portal' },
      roleRef: {
        apiGroup: 'rbac.authorization.k8s.io',
        kind: 'ClusterRole',
        name: 'test-kargo-portal',
      },
      subjects: [
        {
          kind: 'ServiceAccount',
          name: 'kargo-portal',
          namespace: 'backstage',
        },
      ],
    },
  ]);
}

/** A user's credentials header for supertest. */
export const user = () => mockCredentials.user.header('user:default/alice');

/** A cluster client of our own to read the sandbox the way Kargo would. */
export function sandboxClient(url: string) {
  return DefaultKargoService.fromConfig({
    config: new ConfigReader({
      kargo: {
        instances: [{ name: 'sandbox', url, serviceAccountToken: ADMIN_TOKEN }],
      },
    }),
    logger: mockServices.logger.mock(),
  }).cluster('sandbox');
}

/** Polls until the probe returns a value (the sandbox controller is asynchronous). */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  what: string,
): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise(r => setTimeout(r, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}
