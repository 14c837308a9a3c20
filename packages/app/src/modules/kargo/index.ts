/*
 * The demo's Kargo auth API: the Kargo plugin forwards the person's ID token
 * from the Backstage auth provider each instance names
 * (kargo.instances[].api.authProvider: oidc) with every write. The plugin's
 * default knows Backstage's google/microsoft/okta/onelogin providers; this
 * module overrides it (same extension: api:kargo/auth) to add the demo's own
 * `oidc` provider.
 */
import {
  ApiBlueprint,
  configApiRef,
  createFrontendModule,
} from '@backstage/frontend-plugin-api';
import {
  KargoAuthProviders,
  kargoAuthApiRef,
} from '@kargo-backstage/plugin-kargo/alpha';
import { OIDC_PROVIDER_ID, oidcAuthApiRef } from '../auth/oidcAuthApi';

export const kargoAuthApi = ApiBlueprint.make({
  name: 'auth',
  params: defineParams =>
    defineParams({
      api: kargoAuthApiRef,
      deps: { configApi: configApiRef, oidcAuthApi: oidcAuthApiRef },
      factory: ({ configApi, oidcAuthApi }) =>
        new KargoAuthProviders({
          configApi,
          oidcProviders: {
            [OIDC_PROVIDER_ID]: { api: oidcAuthApi, title: 'Kargo SSO' },
          },
        }),
    }),
});

/** The demo's override of the Kargo plugin's auth API. */
export const kargoAuthModule = createFrontendModule({
  pluginId: 'kargo',
  extensions: [kargoAuthApi],
});
