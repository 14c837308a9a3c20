import {
  kargoFreightApprovePermission,
  kargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import { usePermission } from '@backstage/plugin-permission-react';

/** Whether the signed-in user may approve Freight for this Stage. */
export function useFreightApprovePermission(stage: {
  instance: string;
  project: string;
  name: string;
}) {
  return usePermission({
    permission: kargoFreightApprovePermission,
    resourceRef: kargoStageResourceRef(stage),
  });
}
