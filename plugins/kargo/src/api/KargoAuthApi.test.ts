import { mockApis } from '@backstage/test-utils';
import type { OpenIdConnectApi } from '@backstage/core-plugin-api';
import { KargoAuthProviders } from './KargoAuthApi';

const config = mockApis.config({
  data: {
    kargo: {
      instances: [
        { name: 'sandbox', api: { authProvider: 'oidc' } },
        { name: 'ops', api: { identity: 'portal', authProvider: 'oidc' } },
        { name: 'corp', api: { identity: 'user', authProvider: 'okta' } },
        { name: 'legacy' },
        {
          name: 'strict',
          api: {
            identity: 'portal',
            authProvider: 'okta',
            authorizeReads: true,
          },
        },
      ],
    },
  },
});

function provider(token: string): OpenIdConnectApi & { getIdToken: jest.Mock } {
  return { getIdToken: jest.fn(async () => token) };
}

describe('KargoAuthProviders', () => {
  it('gets the ID token of the provider the instance names, never with a popup', async () => {
    const oidc = provider('alice-id-token');
    const auth = new KargoAuthProviders({
      configApi: config,
      oidcProviders: { oidc: { api: oidc, title: 'Kargo SSO' } },
    });
    expect(await auth.getIdToken('sandbox')).toBe('alice-id-token');
    // The first instance is the default, as in the backend.
    expect(await auth.getIdToken()).toBe('alice-id-token');
    expect(oidc.getIdToken).toHaveBeenCalledWith({ optional: true });
    expect(await auth.getWriteIdentity('sandbox')).toEqual({
      type: 'user',
      provider: 'oidc',
      providerTitle: 'Kargo SSO',
      signedIn: true,
    });
  });

  it('says there is no session when the provider has none (the guest)', async () => {
    const auth = new KargoAuthProviders({
      configApi: config,
      oidcProviders: { oidc: provider(''), okta: provider('') },
    });
    expect(await auth.getIdToken('sandbox')).toBeUndefined();
    expect(await auth.getWriteIdentity('corp')).toEqual({
      type: 'user',
      provider: 'okta',
      providerTitle: 'okta',
      signedIn: false,
    });
  });

  it('needs no token for an instance that writes as the portal', async () => {
    const oidc = provider('alice-id-token');
    const auth = new KargoAuthProviders({
      configApi: config,
      oidcProviders: { oidc },
    });
    expect(await auth.getWriteIdentity('ops')).toEqual({ type: 'portal' });
    expect(await auth.getIdToken('ops')).toBeUndefined();
    expect(oidc.getIdToken).not.toHaveBeenCalled();
  });

  it('leaves the decision to the backend without a configured or registered provider', async () => {
    const auth = new KargoAuthProviders({
      configApi: config,
      oidcProviders: { oidc: provider('alice-id-token') },
    });
    expect(await auth.getIdToken('legacy')).toBeUndefined();
    expect(await auth.getIdToken('corp')).toBeUndefined();
    expect(await auth.getIdToken('unknown')).toBeUndefined();
    expect(await auth.getWriteIdentity('corp')).toEqual({
      type: 'user',
      signedIn: false,
    });
  });

  it('counts a provider that fails to refresh as no session', async () => {
    const failing: OpenIdConnectApi = {
      getIdToken: async () => {
        throw new Error('refresh failed: secret detail');
      },
    };
    const auth = new KargoAuthProviders({
      configApi: config,
      oidcProviders: { oidc: failing },
    });
    expect(await auth.getIdToken('sandbox')).toBeUndefined();
    expect((await auth.getWriteIdentity('sandbox')).type).toBe('user');
  });
  it('sends a read token only where Kargo authorizes reads (api.authorizeReads), even for an instance that writes as the portal', async () => {
    const okta = provider('bob-id-token');
    const auth = new KargoAuthProviders({
      configApi: config,
      oidcProviders: { oidc: provider('alice-id-token'), okta },
    });
    expect(await auth.getReadToken('strict')).toBe('bob-id-token');
    // Without an instance (the entity tab): the first that authorizes reads.
    expect(await auth.getReadToken()).toBe('bob-id-token');
    expect(await auth.getReadToken('sandbox')).toBeUndefined();
    expect(await auth.getReadToken('legacy')).toBeUndefined();
  });
});
