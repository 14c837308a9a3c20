import type { PermissionsRegistryService } from '@backstage/backend-plugin-api';
import {
  kargoPermissions,
  parseKargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import { projectOf } from '../router/lookup';
import type { SnapshotService } from '../services/snapshot/SnapshotService';
import {
  KargoStageResource,
  kargoStagePermissionResourceRef,
  kargoStageRules,
} from './rules';

/**
 * Registers the permissions and the `kargo-stage` resource type, whose
 * resources are loaded from the snapshot (a ref of a Stage the snapshot does
 * not hold resolves to nothing, so conditional decisions deny it).
 */
export function registerKargoPermissions(
  registry: PermissionsRegistryService,
  snapshots: SnapshotService,
) {
  registry.addResourceType({
    resourceRef: kargoStagePermissionResourceRef,
    permissions: kargoPermissions,
    rules: Object.values(kargoStageRules),
    getResources: async refs =>
      Promise.all(
        refs.map(async (ref): Promise<KargoStageResource | undefined> => {
          const parsed = parseKargoStageResourceRef(ref);
          if (!parsed) return undefined;
          try {
            const state = await snapshots.getInstance(parsed.instance);
            const stage = projectOf(state, parsed.project)?.stages.find(
              s => s.name === parsed.name,
            );
            return stage ? parsed : undefined;
          } catch {
            return undefined;
          }
        }),
      ),
  });
}
