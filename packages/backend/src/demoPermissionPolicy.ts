/*
 * The demo's permission policy: everything is allowed, except promoting into
 * payments/prod, so the Kargo tab shows a Promote action that is disabled
 * with its reason (and the API answers 403 there). A real installation
 * writes its own policy: docs/permissions.md.
 */
import { createBackendModule } from '@backstage/backend-plugin-api';
import {
  AuthorizeResult,
  isPermission,
  type PolicyDecision,
} from '@backstage/plugin-permission-common';
import type {
  PermissionPolicy,
  PolicyQuery,
} from '@backstage/plugin-permission-node';
import { policyExtensionPoint } from '@backstage/plugin-permission-node/alpha';
import {
  createKargoStageConditionalDecision,
  kargoStageConditions,
} from '@kargo-backstage/plugin-kargo-backend';
import { kargoStagePromotePermission } from '@kargo-backstage/plugin-kargo-common';

class KargoDemoPolicy implements PermissionPolicy {
  async handle(request: PolicyQuery): Promise<PolicyDecision> {
    if (isPermission(request.permission, kargoStagePromotePermission)) {
      return createKargoStageConditionalDecision(request.permission, {
        not: {
          allOf: [
            kargoStageConditions.isInProject({ projects: ['payments'] }),
            kargoStageConditions.isStage({ stages: ['prod'] }),
          ],
        },
      });
    }
    return { result: AuthorizeResult.ALLOW };
  }
}

export default createBackendModule({
  pluginId: 'permission',
  moduleId: 'kargo-demo-policy',
  register(reg) {
    reg.registerInit({
      deps: { policy: policyExtensionPoint },
      async init({ policy }) {
        policy.setPolicy(new KargoDemoPolicy());
      },
    });
  },
});
