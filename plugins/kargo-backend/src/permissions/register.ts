import type { PermissionsRegistryService } from '@backstage/backend-plugin-api';
import {
  kargoPermissions,
  parseKargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import {
  KargoStageResource,
  kargoStagePermissionResourceRef,
  kargoStageRules,
} from './rules';

/**
 * Registers the permissions and the `kargo-stage` resource type. A resource
 * is parsed from its ref alone, never looked up: the rules read only the
 * instance, project and name a ref holds, and Backstage's apply-conditions
 * endpoint (which any service may call) would otherwise tell which Stages
 * exist. Whether the Stage exists is the route's question, asked after the
 * permission, with one answer for missing and denied.
 */
export function registerKargoPermissions(registry: PermissionsRegistryService) {
  registry.addResourceType({
    resourceRef: kargoStagePermissionResourceRef,
    permissions: kargoPermissions,
    rules: Object.values(kargoStageRules),
    getResources: async refs =>
      refs.map((ref): KargoStageResource | undefined =>
        parseKargoStageResourceRef(ref),
      ),
  });
}
