import type { Entity } from '@backstage/catalog-model';
import type { EntityFilter } from '@backstage/plugin-catalog-react';
import {
  kargoCatalogQuery,
  kargoSelectionToQuery,
  matchesKargoSelection,
  type KargoCatalogSelection,
} from '@kargo-backstage/plugin-kargo-common';

/**
 * The catalog list filter behind {@link KargoCatalogFilter}: the catalog
 * backend filters by the annotations the Kargo catalog module writes, and
 * the same rule applies to entities filtered in the browser.
 *
 * @public
 */
export class KargoEntityFilter implements EntityFilter {
  constructor(readonly selection: KargoCatalogSelection) {}

  getCatalogQuery() {
    return kargoCatalogQuery(this.selection) as ReturnType<
      NonNullable<EntityFilter['getCatalogQuery']>
    >;
  }

  filterEntity(entity: Entity): boolean {
    return matchesKargoSelection(entity.metadata.annotations, this.selection);
  }

  toQueryValue(): string[] {
    return kargoSelectionToQuery(this.selection);
  }
}
