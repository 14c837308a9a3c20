import { CatalogFilterBlueprint } from '@backstage/plugin-catalog-react/alpha';

/** The Kargo filter on the catalog index page. @alpha */
export const kargoCatalogFilter = CatalogFilterBlueprint.make({
  name: 'kargo',
  params: {
    loader: async () => {
      const { KargoCatalogFilter } = await import(
        '../components/KargoCatalogFilter'
      );
      return <KargoCatalogFilter />;
    },
  },
});
