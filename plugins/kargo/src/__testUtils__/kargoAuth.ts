import type { OpenIdConnectApi } from '@backstage/core-plugin-api';
import { mockApis } from '@backstage/test-utils';
import { KargoAuthProviders } from '../api';

/**
 * The Kargo auth API of an app whose `oidc` provider ("Kargo SSO") has
 * `token` ('' = no session), for the instance `production`.
 */
export function testKargoAuth(
  token: string,
  identity: 'user' | 'portal' = 'user',
) {
  const oidc: OpenIdConnectApi = { getIdToken: jest.fn(async () => token) };
  return new KargoAuthProviders({
    configApi: mockApis.config({
      data: {
        kargo: {
          instances: [
            { name: 'production', api: { identity, authProvider: 'oidc' } },
          ],
        },
      },
    }),
    oidcProviders: { oidc: { api: oidc, title: 'Kargo SSO' } },
  });
}
