import type { PermissionsRegistryService } from '@backstage/backend-plugin-api';
import {
  kargoPermissions,
  parseKargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import { projectOf } from '../services/snapshot/queries/lookup';
import type { SnapshotService } from '../services/snapshot/SnapshotService';
import type { InstanceState } from '../services/snapshot/types';
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
    getResources: async refs => {
      // One read of each instance per request, however many of its Stages
      // the policy asks about (with a shared cache a read parses the whole
      // instance).
      const states = new Map<string, Promise<InstanceState | undefined>>();
      const stateOf = (instance: string) => {
        let state = states.get(instance);
        if (!state) {
          state = snapshots.getInstance(instance).catch(() => undefined);
          states.set(instance, state);
        }
        return state;
      };
      return Promise.all(
        refs.map(async (ref): Promise<KargoStageResource | undefined> => {
          const parsed = parseKargoStageResourceRef(ref);
          if (!parsed) return undefined;
          const state = await stateOf(parsed.instance);
          const stage = state
            ? projectOf(state, parsed.project)?.stages.find(
                s => s.name === parsed.name,
              )
            : undefined;
          return stage ? parsed : undefined;
        }),
      );
    },
  });
}
