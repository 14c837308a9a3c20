import {
  configApiRef,
  googleAuthApiRef,
  microsoftAuthApiRef,
  oktaAuthApiRef,
  oneloginAuthApiRef,
  type ConfigApi,
  type OpenIdConnectApi,
} from '@backstage/core-plugin-api';
import { KargoAuthProviders } from './KargoAuthApi';

/**
 * The default Kargo auth API's dependencies: Backstage's OpenID Connect
 * providers that every app has; an app adds its own (e.g. `oidc`) by
 * overriding the API.
 */
export const defaultKargoAuthDeps = {
  configApi: configApiRef,
  googleAuthApi: googleAuthApiRef,
  microsoftAuthApi: microsoftAuthApiRef,
  oktaAuthApi: oktaAuthApiRef,
  oneloginAuthApi: oneloginAuthApiRef,
};

export function createDefaultKargoAuthApi(deps: {
  configApi: ConfigApi;
  googleAuthApi: OpenIdConnectApi;
  microsoftAuthApi: OpenIdConnectApi;
  oktaAuthApi: OpenIdConnectApi;
  oneloginAuthApi: OpenIdConnectApi;
}): KargoAuthProviders {
  return new KargoAuthProviders({
    configApi: deps.configApi,
    oidcProviders: {
      google: { api: deps.googleAuthApi, title: 'Google' },
      microsoft: { api: deps.microsoftAuthApi, title: 'Microsoft' },
      okta: { api: deps.oktaAuthApi, title: 'Okta' },
      onelogin: { api: deps.oneloginAuthApi, title: 'OneLogin' },
    },
  });
}
