import type {
  AuditorService,
  BackstageCredentials,
  PermissionsService,
} from '@backstage/backend-plugin-api';
import { mockCredentials, mockServices } from '@backstage/backend-test-utils';
import { ScmIntegrations } from '@backstage/integration';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import type { ActionContext } from '@backstage/plugin-scaffolder-node';
import { createMockActionContext } from '@backstage/plugin-scaffolder-node-test-utils';
import {
  DEMO_TOKENS,
  sandboxBackstageConfig,
  startSandbox,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';
import {
  AuthorizedKargoCommands,
  createKargoCommandHandlers,
  DefaultKargoService,
} from '@kargo-backstage/plugin-kargo-node';
import type { JsonObject, JsonValue } from '@backstage/types';

/** A sandbox with the demo scenarios and the real Kargo service pointed at it. */
export interface KargoTestEnv {
  sandbox: Sandbox;
  kargo: DefaultKargoService;
  integrations: ScmIntegrations;
  permissions: PermissionsService & { authorize: jest.Mock };
  auditor: RecordingAuditor;
  stop(): Promise<void>;
}

/** One auditor event as the actions recorded it, with how it ended. */
export interface RecordedAuditEvent {
  eventId: string;
  severityLevel?: string;
  meta: Record<string, unknown>;
  outcome: 'pending' | 'succeeded' | 'failed';
  error?: string;
}

/** An AuditorService that keeps every event, for assertions. */
export type RecordingAuditor = AuditorService & {
  events: RecordedAuditEvent[];
};

export function recordingAuditor(): RecordingAuditor {
  const events: RecordedAuditEvent[] = [];
  return {
    events,
    async createEvent(options) {
      const event: RecordedAuditEvent = {
        eventId: options.eventId,
        severityLevel: options.severityLevel,
        meta: { ...options.meta },
        outcome: 'pending',
      };
      events.push(event);
      return {
        async success(params) {
          event.outcome = 'succeeded';
          Object.assign(event.meta, params?.meta);
        },
        async fail(params) {
          event.outcome = 'failed';
          event.error = params.error.message;
        },
      };
    },
  };
}

export async function startKargoTestEnv(): Promise<KargoTestEnv> {
  // Fast controller steps so waiting tests finish in well under a second.
  const sandbox = await startSandbox({
    port: 0,
    tokens: DEMO_TOKENS,
    stepDelayMs: 20,
  });
  const data = sandboxBackstageConfig(sandbox);
  // The documented fallback: writes through the Kubernetes API with the
  // demo admin token (Kargo's webhooks record that account as the actor).
  (data.kargo.instances[0] as Record<string, unknown>).writes = 'kubernetes';
  const config = mockServices.rootConfig({ data });
  const kargo = DefaultKargoService.fromConfig({
    config,
    logger: mockServices.logger.mock(),
  });
  const permissions = mockServices.permissions.mock({
    authorize: async requests =>
      requests.map(() => ({ result: AuthorizeResult.ALLOW })),
  }) as unknown as KargoTestEnv['permissions'];
  return {
    sandbox,
    kargo,
    integrations: ScmIntegrations.fromConfig(config),
    permissions,
    auditor: recordingAuditor(),
    stop: () => sandbox.stop(),
  };
}

/**
 * The options every action under test gets from an env: the real Kargo
 * service, the mocked permissions and a short poll interval. `serviceWriters`
 * are the services `kargo.access.services[].write` lets write (a map: with
 * the projects of each); `allowedRepositories` is the pipeline's
 * `kargo.pullRequests.allowedRepositories`.
 */
export function actionOptions(
  env: KargoTestEnv,
  options: {
    serviceWriters?:
      | ReadonlySet<string>
      | ReadonlyMap<string, readonly string[]>;
    allowedRepositories?: string[];
  } = {},
) {
  return {
    kargo: env.kargo,
    commands: new AuthorizedKargoCommands({
      kargo: env.kargo,
      handlers: createKargoCommandHandlers(env.kargo, {
        allowedRepositories: options.allowedRepositories,
      }),
      permissions: env.permissions,
      auditor: env.auditor,
      logger: mockServices.logger.mock(),
      serviceWriters: options.serviceWriters,
    }),
    permissions: env.permissions,
    auditor: env.auditor,
    integrations: env.integrations,
    pollIntervalMs: 20,
  };
}

/**
 * One env per test file (starting the sandbox is the slow part): started
 * before all tests and handed to `onStart`, stopped after them. With
 * `allowAll`, every test starts with permissions answering ALLOW.
 */
export function useKargoTestEnv(
  onStart: (env: KargoTestEnv) => void,
  options: { allowAll?: boolean } = {},
) {
  let env: KargoTestEnv | undefined;
  beforeAll(async () => {
    env = await startKargoTestEnv();
    onStart(env);
  });
  if (options.allowAll) beforeEach(() => allowAll(env!));
  afterAll(() => env?.stop());
}

/** A permission check as the env's permissions mock receives it. */
export type AuthorizeRequest = {
  permission: { name: string };
  resourceRef?: string;
};

/**
 * Makes every permission check of the env answer what `decide` says of the
 * permission's name and the resource ref.
 */
export function decideBy(
  env: KargoTestEnv,
  decide: (permission: string, resourceRef?: string) => AuthorizeResult,
) {
  env.permissions.authorize.mockReset();
  env.permissions.authorize.mockImplementation(
    async (requests: AuthorizeRequest[]) =>
      requests.map(r => ({
        result: decide(r.permission.name, r.resourceRef),
      })),
  );
}

function answerAll(env: KargoTestEnv, result: AuthorizeResult) {
  decideBy(env, () => result);
}

/** Makes every permission check of the env answer ALLOW (the default). */
export function allowAll(env: KargoTestEnv) {
  answerAll(env, AuthorizeResult.ALLOW);
}

/** Makes every permission check of the env answer DENY. */
export function denyAll(env: KargoTestEnv) {
  answerAll(env, AuthorizeResult.DENY);
}

/**
 * A viewer: `kargo.stage.read` answers ALLOW, every other check DENY (a
 * Stage one may not read is answered as a missing one, before any write
 * permission).
 */
export function denyWrites(env: KargoTestEnv) {
  decideBy(env, permission =>
    permission === 'kargo.stage.read'
      ? AuthorizeResult.ALLOW
      : AuthorizeResult.DENY,
  );
}

/**
 * A mock action context whose checkpoints persist in `store`, like the
 * scaffolder's task state does across a retried task.
 */
export function actionContext<TInput extends JsonObject>(
  input: TInput,
  options: {
    store?: Map<string, JsonValue>;
    isDryRun?: boolean;
    /** Who started the task (default: the user user:default/mock). */
    credentials?: BackstageCredentials;
  } = {},
): ActionContext<TInput, any> {
  const store = options.store ?? new Map<string, JsonValue>();
  // The test utils are typed against an older scaffolder-node; the context
  // they build has the same shape.
  const ctx = createMockActionContext({
    input,
    user: { ref: 'user:default/guest' },
  });
  return {
    ...(ctx as unknown as ActionContext<TInput, any>),
    isDryRun: options.isDryRun,
    getInitiatorCredentials: async () =>
      options.credentials ?? mockCredentials.user(),
    async checkpoint<T extends JsonValue | void>(opts: {
      key: string;
      fn: () => Promise<T> | T;
    }): Promise<T> {
      if (store.has(opts.key)) return store.get(opts.key) as T;
      const value = await opts.fn();
      store.set(opts.key, value as JsonValue);
      return value;
    },
  };
}

/** Outputs an action context recorded, by name. */
export function outputsOf(ctx: { output: unknown }): Record<string, unknown> {
  const calls = (ctx.output as jest.Mock).mock.calls as Array<
    [string, unknown]
  >;
  return Object.fromEntries(calls);
}
