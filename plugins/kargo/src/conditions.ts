import type { Entity } from '@backstage/catalog-model';
import { KARGO_ANNOTATIONS } from '@kargo-backstage/plugin-kargo-common';

/**
 * Whether an entity names a Kargo project (`kargo.akuity.io/project`), for
 * `EntitySwitch.Case` and the new frontend system's `filter`.
 *
 * @public
 */
export function isKargoAvailable(entity: Entity): boolean {
  const value = entity.metadata.annotations?.[KARGO_ANNOTATIONS.project];
  return typeof value === 'string' && value.trim().length > 0;
}
