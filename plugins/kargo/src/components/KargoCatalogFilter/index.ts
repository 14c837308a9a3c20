export {
  KargoCatalogFilter,
  type KargoEntityFilters,
} from './KargoCatalogFilter';
export { KargoEntityFilter } from './KargoEntityFilter';
