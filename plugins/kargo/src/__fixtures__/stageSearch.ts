import type { Entity } from '@backstage/catalog-model';
import type { SearchDocument } from '@backstage/plugin-search-common';
import { KARGO_ANNOTATIONS } from '@kargo-backstage/plugin-kargo-common';

/** The catalog collator's search document of the shop/prod Stage entity. */
export const stageSearchDocument = {
  title: 'shop/prod',
  text: 'Kargo Stage prod of project shop',
  location: '/catalog/default/resource/kargo-shop-prod',
  kind: 'Resource',
  type: 'kargo-stage',
} as SearchDocument;

/** The shop/prod Stage entity with the status annotations given. */
export function stageEntity(status: {
  phase: string;
  openPullRequests: number;
  orphanedPullRequests?: number;
  stale?: boolean;
}): Entity {
  return {
    apiVersion: 'backstage.io/v1alpha1',
    kind: 'Resource',
    metadata: {
      name: 'kargo-shop-prod',
      namespace: 'default',
      annotations: {
        [KARGO_ANNOTATIONS.verificationPhase]: status.phase,
        [KARGO_ANNOTATIONS.verificationStale]: String(!!status.stale),
        [KARGO_ANNOTATIONS.openPullRequests]: String(status.openPullRequests),
        [KARGO_ANNOTATIONS.orphanedPullRequests]: String(
          status.orphanedPullRequests ?? 0,
        ),
      },
    },
    spec: { type: 'kargo-stage', owner: 'team-a' },
  };
}
