import {
  kargoStageAbortPermission,
  kargoStageResourceRef,
  kargoStageReverifyPermission,
} from '@kargo-backstage/plugin-kargo-common';
import { usePermission } from '@backstage/plugin-permission-react';

/** Whether the signed-in user may reverify or abort this Stage. */
export function useStageActionPermission(
  stage: { instance: string; project: string; name: string },
  action: 'reverify' | 'abort',
) {
  return usePermission({
    permission:
      action === 'reverify'
        ? kargoStageReverifyPermission
        : kargoStageAbortPermission,
    resourceRef: kargoStageResourceRef(stage),
  });
}
