import {
  compatWrapper,
  convertLegacyRouteRef,
} from '@backstage/core-compat-api';
import { EntityContentBlueprint } from '@backstage/plugin-catalog-react/alpha';
import { isKargoAvailable } from '../conditions';
import { rootRouteRef } from '../routes';

/** The Kargo tab, only on entities that name a Kargo project. */
export const kargoEntityContent = EntityContentBlueprint.make({
  params: {
    path: 'kargo',
    title: 'Kargo',
    routeRef: convertLegacyRouteRef(rootRouteRef),
    filter: isKargoAvailable,
    loader: () =>
      import('../components/EntityKargoContent').then(m =>
        compatWrapper(<m.EntityKargoContent />),
      ),
  },
});
