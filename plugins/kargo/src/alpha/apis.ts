import { discoveryApiRef, fetchApiRef } from '@backstage/core-plugin-api';
import { ApiBlueprint } from '@backstage/frontend-plugin-api';
import { KargoClient, kargoApiRef, kargoAuthApiRef } from '../api';
import {
  createDefaultKargoAuthApi,
  defaultKargoAuthDeps,
} from '../api/defaultAuthApi';

/** The Kargo API client for the new frontend system. */
export const kargoApi = ApiBlueprint.make({
  params: defineParams =>
    defineParams({
      api: kargoApiRef,
      deps: {
        discoveryApi: discoveryApiRef,
        fetchApi: fetchApiRef,
        kargoAuthApi: kargoAuthApiRef,
      },
      factory: ({ discoveryApi, fetchApi, kargoAuthApi }) =>
        new KargoClient({ discoveryApi, fetchApi, kargoAuthApi }),
    }),
});

/**
 * The person's ID token for writes (`api:kargo/auth`): Backstage's google,
 * microsoft, okta and onelogin providers; an app adds its own OIDC provider
 * by overriding this extension (see the README).
 */
export const kargoAuthApi = ApiBlueprint.make({
  name: 'auth',
  params: defineParams =>
    defineParams({
      api: kargoAuthApiRef,
      deps: defaultKargoAuthDeps,
      factory: createDefaultKargoAuthApi,
    }),
});
