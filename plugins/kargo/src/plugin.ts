import {
  createApiFactory,
  createComponentExtension,
  createPlugin,
  createRoutableExtension,
  discoveryApiRef,
  fetchApiRef,
} from '@backstage/core-plugin-api';
import { createSearchResultListItemExtension } from '@backstage/plugin-search-react';
import { KargoClient, kargoApiRef, kargoAuthApiRef } from './api';
import {
  createDefaultKargoAuthApi,
  defaultKargoAuthDeps,
} from './api/defaultAuthApi';
import { isKargoStageSearchResult } from './components/KargoStageSearchResultListItem/predicate';
import { rootRouteRef } from './routes';
import { createScaffolderFieldExtension } from '@backstage/plugin-scaffolder-react';
import {
  KARGO_IDENTITY_FIELD_NAME,
  KargoIdentityField,
  kargoIdentityValidation,
} from './components/KargoIdentityField';

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
      deps: {
        discoveryApi: discoveryApiRef,
        fetchApi: fetchApiRef,
        kargoAuthApi: kargoAuthApiRef,
      },
      factory: ({ discoveryApi, fetchApi, kargoAuthApi }) =>
        new KargoClient({ discoveryApi, fetchApi, kargoAuthApi }),
    }),
    // The person's ID token for writes; an app that signs in with its own
    // OIDC provider overrides it (README: "Acting as the person in Kargo").
    createApiFactory({
      api: kargoAuthApiRef,
      deps: defaultKargoAuthDeps,
      factory: createDefaultKargoAuthApi,
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

/**
 * The scaffolder field `KargoIdentity` for the legacy frontend system: it
 * hands the signed-in person's Kargo ID token to the task as the secret
 * `kargoToken`, so the Kargo actions act in Kargo as that person. Register
 * it inside `<ScaffolderFieldExtensions>`.
 *
 * @public
 */
export const KargoIdentityFieldExtension = kargoPlugin.provide(
  createScaffolderFieldExtension({
    name: KARGO_IDENTITY_FIELD_NAME,
    component: KargoIdentityField,
    validation: kargoIdentityValidation,
  }),
);
