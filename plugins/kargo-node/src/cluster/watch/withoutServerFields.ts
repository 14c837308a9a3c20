import type { KubeObject } from '@kargo-backstage/plugin-kargo-common';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/**
 * An object as the watch keeps it: without `metadata.managedFields` (the API
 * server's field ownership, often a third of an object the Kargo controllers
 * write) and kubectl's last-applied copy of the whole object. No derivation
 * reads either, and the watch holds every object of the fleet.
 */
export function withoutServerFields<T extends KubeObject>(object: T): T {
  const metadata = object?.metadata as Record<string, unknown> | undefined;
  if (!metadata) return object;
  const annotations = metadata.annotations as Record<string, string> | undefined;
  const lastApplied = !!annotations && LAST_APPLIED in annotations;
  if (!('managedFields' in metadata) && !lastApplied) return object;
  const { managedFields: _fields, ...kept } = metadata;
  if (lastApplied) {
    const { [LAST_APPLIED]: _copy, ...others } = annotations!;
    kept.annotations = others;
  }
  return { ...object, metadata: kept };
}
