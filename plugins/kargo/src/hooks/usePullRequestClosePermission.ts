import {
  kargoPullRequestClosePermission,
  kargoStageResourceRef,
} from '@kargo-backstage/plugin-kargo-common';
import { usePermission } from '@backstage/plugin-permission-react';

/** Whether the signed-in user may close this Stage's orphaned pull requests. */
export function usePullRequestClosePermission(stage: {
  instance: string;
  project: string;
  name: string;
}) {
  return usePermission({
    permission: kargoPullRequestClosePermission,
    resourceRef: kargoStageResourceRef(stage),
  });
}
