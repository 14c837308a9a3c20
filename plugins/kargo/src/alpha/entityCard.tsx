import { compatWrapper } from '@backstage/core-compat-api';
import { EntityCardBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { isKargoAvailable } from '../conditions';

/** The Kargo overview card, only on entities that name a Kargo project. */
export const kargoEntityCard = EntityCardBlueprint.make({
  params: {
    filter: isKargoAvailable,
    loader: () =>
      import('../components/EntityKargoCard').then(m =>
        compatWrapper(<m.EntityKargoCard />),
      ),
  },
});
