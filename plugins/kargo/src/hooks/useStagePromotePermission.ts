import {
  kargoStagePromotePermission,
  kargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import { usePermission } from '@backstage/plugin-permission-react';

/** Whether the signed-in user may promote Freight into this Stage. */
export function useStagePromotePermission(stage: {
  instance: string;
  project: string;
  name: string;
}) {
  return usePermission({
    permission: kargoStagePromotePermission,
    resourceRef: kargoStageResourceRef(stage),
  });
}
