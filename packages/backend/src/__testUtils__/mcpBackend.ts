/*
 * The demo backend's MCP path on a test backend: the real auth, httpAuth,
 * permissions and actions services of @backstage/backend-defaults, the real
 * auth backend (guest sign-in gives a user token), permission backend and
 * MCP actions backend, and the kargo plugin reading a sandbox over HTTP.
 */
import { createBackendModule } from '@backstage/backend-plugin-api';
import { authServiceFactory } from '@backstage/backend-defaults/auth';
import { httpAuthServiceFactory } from '@backstage/backend-defaults/httpAuth';
import { permissionsServiceFactory } from '@backstage/backend-defaults/permissions';
import { userInfoServiceFactory } from '@backstage/backend-defaults/userInfo';
import {
  actionsRegistryServiceFactory,
  actionsServiceFactory,
} from '@backstage/backend-defaults/alpha';
import { schedulerServiceFactory } from '@backstage/backend-defaults/scheduler';
import { mockServices, startTestBackend } from '@backstage/backend-test-utils';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import {
  AuthorizeResult,
  isPermission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import type {
  PermissionPolicy,
  PolicyQuery,
} from '@backstage/plugin-permission-node';
import {
  kargoStageAbortPermission,
  kargoStageReadPermission,
  kargoStageReverifyPermission,
} from '@kargo-backstage/plugin-kargo-common';
import {
  createKargoStageConditionalDecision,
  kargoStageConditions,
} from '@kargo-backstage/plugin-kargo-backend';
import authPlugin from '@backstage/plugin-auth-backend';
import guestProvider from '@backstage/plugin-auth-backend-module-guest-provider';
import permissionPlugin from '@backstage/plugin-permission-backend';
import mcpActionsPlugin from '@backstage/plugin-mcp-actions-backend';
import kargoPlugin from '@kargo-backstage/plugin-kargo-backend';
import {
  sandboxBackstageConfig,
  type Sandbox,
} from '@kargo-backstage/kargo-sandbox';

export const STATIC_TOKEN = 'mcp-test-assistant-token';

/** Users may reverify and abort only in the `checkout` project; no one reads Stage perf; all else is allowed. */
class CheckoutOnlyWritesPolicy implements PermissionPolicy {
  async handle(request: PolicyQuery): Promise<PolicyDecision> {
    for (const permission of [
      kargoStageReverifyPermission,
      kargoStageAbortPermission,
    ]) {
      if (isPermission(request.permission, permission)) {
        return createKargoStageConditionalDecision(
          permission,
          kargoStageConditions.isInProject({ projects: ['checkout'] }),
        );
      }
    }
    // Nobody may read payments/perf: the tools must answer as if it did not exist.
    if (isPermission(request.permission, kargoStageReadPermission)) {
      return createKargoStageConditionalDecision(kargoStageReadPermission, {
        not: kargoStageConditions.isStage({ stages: ['perf'] }),
      });
    }
    return { result: AuthorizeResult.ALLOW };
  }
}

const policyModule = createBackendModule({
  pluginId: 'permission',
  moduleId: 'kargo-test-policy',
  register(reg) {
    reg.registerInit({
      deps: { policy: policyExtensionPoint },
      async init({ policy }) {
        policy.setPolicy(new CheckoutOnlyWritesPolicy());
      },
    });
  },
});

export async function startMcpBackend(sandbox: Sandbox) {
  const backend = await startTestBackend({
    features: [
      authServiceFactory,
      httpAuthServiceFactory,
      permissionsServiceFactory,
      userInfoServiceFactory,
      actionsRegistryServiceFactory,
      actionsServiceFactory,
      schedulerServiceFactory,
      catalogServiceMock.factory({ entities: [] }),
      authPlugin,
      guestProvider,
      permissionPlugin,
      policyModule,
      mcpActionsPlugin,
      kargoPlugin,
      mockServices.rootConfig.factory({ data: config(sandbox) }),
    ],
  });
  const address = backend.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://localhost:${port}`, stop: () => backend.stop() };
}

function config(sandbox: Sandbox) {
  const base = sandboxBackstageConfig(sandbox);
  return {
    app: { baseUrl: 'http://localhost:3000' },
    backend: {
      auth: {
        externalAccess: [
          {
            type: 'static',
            options: { token: STATIC_TOKEN, subject: 'test-assistant' },
          },
        ],
      },
      actions: { pluginSources: ['kargo'] },
    },
    auth: {
      providers: { guest: { dangerouslyAllowOutsideDevelopment: true } },
    },
    permission: { enabled: true },
    integrations: base.integrations,
    // Refreshed every second, so a new AnalysisRun shows within a test.
    // The static token is a service: it reads only the projects listed here.
    kargo: {
      ...base.kargo,
      // Writes through the documented Kubernetes fallback (the MCP tool
      // carries no person's Kargo token; Kargo then records the account).
      instances: base.kargo.instances.map((i: object) => ({
        ...i,
        writes: 'kubernetes',
      })),
      refresh: { frequency: { seconds: 1 } },
      access: {
        services: [
          {
            subject: 'plugin:mcp-actions', // what kargo sees: MCP calls arrive from the mcp-actions plugin
            projects: ['checkout', 'payments'],
          },
        ],
      },
    },
  };
}

/** A real Backstage user token: the guest provider's sign-in. */
export async function guestUserToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/guest/refresh?env=development`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!res.ok)
    throw new Error(`Guest sign-in failed: ${res.status} ${await res.text()}`);
  const body = await res.json();
  return body.backstageIdentity.token;
}
