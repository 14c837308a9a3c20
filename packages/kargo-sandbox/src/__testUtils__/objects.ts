import type { KubeObject } from '../kube/store';

/** The smallest Stage the sandbox's CRD validation accepts, in namespace `shop`. */
export const minimalStage = (
  name: string,
  extra: Record<string, unknown> = {},
): KubeObject => ({
  apiVersion: 'kargo.akuity.io/v1alpha1',
  kind: 'Stage',
  metadata: { name, namespace: 'shop' },
  spec: {
    requestedFreight: [
      {
        origin: { kind: 'Warehouse', name: 'shop' },
        sources: { direct: true },
      },
    ],
    ...extra,
  },
});
