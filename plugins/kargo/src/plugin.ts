import {
  createApiFactory,
  createComponentExtension,
  createPlugin,
  createRoutableExtension,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/core-plugin-api';
import { createSearchResultListItemExtension } from '@backstage/plugin-search-react';
import { KargoClient, kargoApiRef } from './api';
import { isKargoStageSearchResult } from './components/KargoStageSearchResultListItem/predicate';
import { rootRouteRef } from './routes';

/**
 * The Kargo frontend plugin for the legacy frontend system.
 *
 * @public
 */
export const kargoPlugin = createPlugin({
  id: 'kargo',
  apis: [
    createApiFactory({
      api: kargoApiRef,
      deps: { discoveryApi: discoveryApiRef, fetchApi: fetchApiRef },
      factory: ({ discoveryApi, fetchApi }) =>
        new KargoClient({ discoveryApi, fetchApi }),
    }),
  ],
  routes: { root: rootRouteRef },
});

/**
 * The Kargo tab of an entity page. Wire it with
 * `<EntityLayout.Route path="/kargo" title="Kargo" if={isKargoAvailable}>`.
 *
 * @public
 */
export const EntityKargoContent: () => JSX.Element = kargoPlugin.provide(
  createRoutableExtension({
    name: 'EntityKargoContent',
    component: () =>
      import('./components/EntityKargoContent').then(m => m.EntityKargoContent),
    mountPoint: rootRouteRef,
  }),
);

/**
 * The Kargo overview card of an entity page.
 *
 * @public
 */
export const EntityKargoCard: () => JSX.Element = kargoPlugin.provide(
  createComponentExtension({
    name: 'EntityKargoCard',
    component: {
      lazy: () =>
        import('./components/EntityKargoCard').then(m => m.EntityKargoCard),
    },
  }),
);

/**
 * The search result item of kargo-stage Resources for the legacy search page:
 * a child of `SearchResult`, before the catalog's item; renders only those
 * results.
 *
 * @public
 */
export const KargoStageSearchResultListItemExtension = kargoPlugin.provide(
  createSearchResultListItemExtension({
    name: 'KargoStageSearchResultListItem',
    predicate: isKargoStageSearchResult,
    component: () =>
      import('./components/KargoStageSearchResultListItem').then(
        m => m.KargoStageSearchResultListItem,
      ),
  }),
);
