import {
  kargoStageRefreshPermission,
  kargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import { usePermission } from '@backstage/plugin-permission-react';

/** Whether the signed-in user may refresh this Stage or its Warehouses. */
export function useStageRefreshPermission(stage: {
  instance: string;
  project: string;
  name: string;
}) {
  return usePermission({
    permission: kargoStageRefreshPermission,
    resourceRef: kargoStageResourceRef(stage),
  });
}
