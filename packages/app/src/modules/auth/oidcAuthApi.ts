/*
 * The demo's sign-in provider: Backstage's generic OIDC provider (backend
 * module @backstage/plugin-auth-backend-module-oidc-provider, config
 * `auth.providers.oidc`), re-badged as the identity provider it stands for.
 * The Kargo plugin asks this API for the person's ID token on each write
 * (kargo.instances[].api.authProvider: oidc), as Backstage's Kubernetes
 * plugin does for its `oidc` auth providers.
 */
import { OAuth2 } from '@backstage/core-app-api';
import {
  ApiBlueprint,
  configApiRef,
  createApiRef,
  discoveryApiRef,
  oauthRequestApiRef,
  type ApiRef,
  type BackstageIdentityApi,
  type OpenIdConnectApi,
  type ProfileInfoApi,
  type SessionApi,
} from '@backstage/frontend-plugin-api';
import VpnKeyIcon from '@material-ui/icons/VpnKey';

/** The provider id: the backend's `/api/auth/oidc/...` routes and `auth.providers.oidc`. */
export const OIDC_PROVIDER_ID = 'oidc';

/** The signed-in person's OIDC session: ID token, profile, Backstage identity. */
export const oidcAuthApiRef: ApiRef<
  OpenIdConnectApi & ProfileInfoApi & BackstageIdentityApi & SessionApi
> = createApiRef({ id: 'auth.oidc' });

export const oidcAuthApi = ApiBlueprint.make({
  name: 'oidc-auth',
  params: defineParams =>
    defineParams({
      api: oidcAuthApiRef,
      deps: {
        configApi: configApiRef,
        discoveryApi: discoveryApiRef,
        oauthRequestApi: oauthRequestApiRef,
      },
      factory: ({ configApi, discoveryApi, oauthRequestApi }) =>
        OAuth2.create({
          configApi,
          discoveryApi,
          oauthRequestApi,
          provider: {
            id: OIDC_PROVIDER_ID,
            title: 'Kargo SSO (sandbox)',
            icon: VpnKeyIcon,
          },
          environment: configApi.getOptionalString('auth.environment'),
          // `groups` carries the claim Kargo maps to its ServiceAccounts;
          // `offline_access` a refresh token, so a reload keeps the session and
          // an expired ID token is renewed without a new login.
          defaultScopes: [
            'openid',
            'profile',
            'email',
            'groups',
            'offline_access',
          ],
        }),
    }),
});
