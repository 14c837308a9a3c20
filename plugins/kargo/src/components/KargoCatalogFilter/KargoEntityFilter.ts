import type { Entity } from '@backstage/catalog-model';
import {
  CATALOG_FILTER_EXISTS,
  type EntityFilter,
} from '@backstage/plugin-catalog-react';
import {
  kargoCatalogFilterFields,
  kargoSelectionToQuery,
  matchesKargoSelection,
  type KargoCatalogSelection,
} from '@kargo-backstage/plugin-kargo-common';

/**
 * The catalog list filter behind {@link KargoCatalogFilter}: the catalog
 * backend narrows by the annotations the Kargo catalog module writes, and the
 * full rule (counts above zero) applies in the browser.
 *
 * @public
 */
export class KargoEntityFilter implements EntityFilter {
  constructor(readonly selection: KargoCatalogSelection) {}

  getCatalogFilters(): Record<string, string | symbol> {
    const filters: Record<string, string | symbol> = {};
    for (const [field, value] of Object.entries(
      kargoCatalogFilterFields(this.selection),
    )) {
      filters[field] = value ?? CATALOG_FILTER_EXISTS;
    }
    return filters;
  }

  filterEntity(entity: Entity): boolean {
    return matchesKargoSelection(entity.metadata.annotations, this.selection);
  }

  toQueryValue(): string[] {
    return kargoSelectionToQuery(this.selection);
  }
}
